import type { ChatMessage } from '../../api/chat';

/** What a person sends (a group's events are the server's). */
export type MsgType = Exclude<ChatMessage['msgType'], 'event'>;
/** The quoted message a reply shows. */
export type ReplyPreview = NonNullable<ChatMessage['msgBody']['replyTo']>;
export type Payment = NonNullable<ChatMessage['msgBody']['payment']>;
