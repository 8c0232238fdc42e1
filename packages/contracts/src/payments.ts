import { z } from 'zod';
import { initiateBill } from './bills.js';
import { initiateSendMoney } from './money.js';

/** POST /api/v1/initiate: send money or buy a bill. */
export const initiateBody = z.discriminatedUnion('type', [initiateSendMoney, initiateBill], {
  error: 'type must be one of sendMoney, airtime, data, electricity, tv, betting',
});
export type InitiateBody = z.infer<typeof initiateBody>;
