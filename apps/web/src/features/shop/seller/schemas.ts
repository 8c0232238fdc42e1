import { createShopBody } from '@owo/contracts';
import { z } from 'zod';

/** A coordinate as typed: a number (`like` says how to write it), then the contract's range. */
const coordinate = (like: string, range: z.ZodNumber) =>
  z
    .string()
    .trim()
    .min(1, like)
    .pipe(z.coerce.number<string>({ error: like }).pipe(range));

/** A new shop as typed: the contract's body, with the coordinates typed as text; the images come apart. */
export const shopForm = createShopBody.omit({ logoUrl: true, coverUrl: true }).extend({
  latitude: coordinate('Enter the latitude, like 6.6018', createShopBody.shape.latitude),
  longitude: coordinate('Enter the longitude, like 3.3515', createShopBody.shape.longitude),
});
export type ShopFormInput = z.input<typeof shopForm>;
export type ShopFormValues = z.output<typeof shopForm>;
