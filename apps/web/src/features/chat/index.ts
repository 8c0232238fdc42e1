/** What other features use of the chat area: Block / Unblock for a person (their profile in Connect). */
export { BlockButton } from './BlockControls';
