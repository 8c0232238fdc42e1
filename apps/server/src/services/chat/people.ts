import type { ChatUser } from '@owo/contracts';
import type { Tx } from '../../platform/db.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { toE164 } from '../../platform/phone.js';
import { userByVerifiedPhone } from '../user/index.js';
import { toChatUser } from './chat.service.js';

/**
 * The Owo user with this exact phone number (any Nigerian form: 0803…, 234803…, +234803…), with a
 * nickname or not, so anyone can be messaged by their number. Exact only: no search by part of a
 * number, so the directory of numbers cannot be walked.
 */
export async function personByPhone(db: Tx, userId: string, phone: string): Promise<ChatUser> {
  const e164 = toE164(phone);
  if (!e164) throw badRequest('Enter a valid Nigerian phone number', 'BAD_PHONE');
  const u = await userByVerifiedPhone(db, e164);
  if (!u) throw notFound('No one on Owo has this number', 'USER_NOT_FOUND');
  if (u.id === userId) throw badRequest('You can’t message yourself', 'CHAT_SELF');
  return toChatUser(u);
}
