// What other areas use of notifications: Home's offer slot and the shell's tap handling. The pages
// and the offer itself are lazy-loaded.
export { PushPromptSlot } from './PushPromptSlot';
export { listenForPushOpens } from './push-offer';
