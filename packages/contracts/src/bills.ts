import { z } from 'zod';
import { envelope, paginated } from './common.js';
import { amountKobo, kobo, narrationField } from './money.js';

export const billCategory = z.enum(['airtime', 'data', 'electricity', 'tv', 'betting']);
export type BillCategory = z.infer<typeof billCategory>;

export const biller = z.object({
  billerId: z.string(),
  billerGroupId: z.string(),
  name: z.string(),
  category: billCategory,
  shortName: z.string(),
});
export const billersResponse = envelope(z.array(biller));
export const billerQuery = z.object({
  billerId: z.string({ error: 'billerId is required' }).min(1, 'billerId is required').max(50),
  billerGroupId: z.string({ error: 'billerGroupId is required' }).min(1, 'billerGroupId is required').max(50),
});
export const billPackage = z.object({
  packageId: z.string(),
  name: z.string(),
  amount: kobo.nullable().describe('fixed price in kobo, or null when you choose the amount'),
  validity: z.string().nullable(),
});
export const packagesResponse = envelope(z.array(billPackage));

export const validateCustomerQuery = billerQuery.extend({
  packageId: z.string().max(50).optional(),
  customerNumber: z
    .string({ error: 'customerNumber is required' })
    .trim()
    .min(4, 'customerNumber is too short')
    .max(20, 'customerNumber is too long'),
});
export const customer = z.object({ customerNumber: z.string(), customerName: z.string(), address: z.string().nullable() });
export const customerResponse = envelope(customer);

/** Bill purchases through POST /api/v1/initiate. */
export const initiateBill = z.object({
  type: billCategory,
  billerId: z.string({ error: 'billerId is required' }).min(1, 'billerId is required').max(50),
  billerGroupId: z.string({ error: 'billerGroupId is required' }).min(1, 'billerGroupId is required').max(50),
  packageId: z.string().max(50).optional(),
  customerNumber: z
    .string({ error: 'customerNumber is required' })
    .trim()
    .min(4, 'customerNumber is too short')
    .max(20, 'customerNumber is too long'),
  amount: amountKobo.optional().describe('kobo; required unless the package has a fixed price'),
  narration: narrationField,
});

export const beneficiary = z.object({
  label: z.string(),
  customerNumber: z.string(),
  customerName: z.string().nullable(),
  lastUsedAt: z.string(),
});
export const beneficiariesResponse = paginated(beneficiary);
