import type { ChatMessage } from '../../api/chat';

export type MsgType = ChatMessage['msgType'];
/** The quoted message a reply shows. */
export type ReplyPreview = NonNullable<ChatMessage['msgBody']['replyTo']>;
export type Payment = NonNullable<ChatMessage['msgBody']['payment']>;
