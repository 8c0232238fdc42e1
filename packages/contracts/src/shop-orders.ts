import { z } from 'zod';
import { envelope, paginated } from './common.js';
import { colour, place, review } from './shop.js';

// The marketplace's buying side (ecommerce service): cart, saved addresses, delivery, orders paid
// into escrow, reviews. Money is integer kobo, always priced by the server.

const uuid = (label: string) => z.uuid(`${label} must be a valid id`);

export const cartItem = z.object({
  id: z.uuid(),
  product: z.object({ id: z.uuid(), name: z.string(), image: z.string().nullable(), shopId: z.uuid(), shopName: z.string() }),
  variation: z.object({ id: z.uuid(), size: z.string().nullable(), colour: colour.nullable() }).nullable(),
  quantity: z.number().int(),
  priceWhenAdded: z.number().int(),
  price: z.number().int().describe("today's price"),
  stock: z.number().int(),
  priceChanged: z.boolean(),
  available: z.boolean().describe('still for sale with enough stock for the quantity'),
});
export type CartItem = z.infer<typeof cartItem>;
export const cartResponse = envelope(z.object({ items: z.array(cartItem), count: z.number().int() }));
export const addToCartBody = z.object({
  productId: uuid('productId'),
  variationId: uuid('variationId').optional(),
  quantity: z.number().int().min(1, 'Add at least one').max(100, 'At most 100 at a time'),
});
export const cartItemResponse = envelope(cartItem);
export const removeFromCartQuery = z.object({ type: z.enum(['all', 'one']).default('all') });

export const deliveryOption = z.enum(['standard', 'express', 'pickup']);
export const deliveryChoice = z.object({ shopId: uuid('shopId'), option: deliveryOption });
export const cartTotalBody = z.object({
  cartItemIds: z.array(uuid('cartItemIds')).min(1, 'Select at least one item').max(100),
  addressId: uuid('addressId').optional(),
  delivery: z.array(deliveryChoice).max(50).default([]),
});
const shopTotal = z.object({
  shopId: z.uuid(),
  shopName: z.string(),
  subtotal: z.number().int(),
  delivery: z.number().int().describe('0 until an address is chosen'),
  option: deliveryOption.nullable(),
  total: z.number().int(),
  problems: z.array(z.string()),
});
export const cartTotalResponse = envelope(
  z.object({
    shops: z.array(shopTotal),
    subtotal: z.number().int(),
    delivery: z.number().int(),
    fees: z.number().int(),
    total: z.number().int(),
  }),
);

export const address = z.object({
  id: z.uuid(),
  label: z.string(),
  state: place,
  lga: place,
  street: z.string(),
  landmark: z.string(),
  phone: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  isDefault: z.boolean(),
});
export type Address = z.infer<typeof address>;
export const addressesResponse = envelope(z.object({ addresses: z.array(address) }));
export const addressResponse = envelope(address);
export const addressBody = z.object({
  label: z.string().trim().min(1).max(40).default('Home'),
  stateId: z.string().trim().min(1, 'Choose a state').max(60),
  lgaId: z.string().trim().min(1, 'Choose a local government area').max(60),
  street: z.string().trim().min(3, 'Enter the street address').max(200),
  landmark: z.string().trim().max(120).default(''),
  phone: z.string().trim().min(7, 'Enter a phone number').max(20),
  latitude: z.number().min(4).max(14).optional(),
  longitude: z.number().min(2.5).max(15).optional(),
  isDefault: z.boolean().default(false),
});
export const editAddressBody = addressBody
  .partial()
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to change' });

export const deliveryBody = z.object({
  cartItemIds: z.array(uuid('cartItemIds')).min(1, 'Select at least one item').max(100),
  addressId: uuid('addressId'),
});
export const deliveryQuote = z.object({
  shopId: z.uuid(),
  shopName: z.string(),
  distanceKm: z.number(),
  weightKg: z.number(),
  options: z.array(
    z.object({ id: deliveryOption, label: z.string(), price: z.number().int(), etaDays: z.number().int(), estimatedDate: z.string() }),
  ),
});
export const deliveryResponse = envelope(z.array(deliveryQuote));

export const deliveryEstimateQuery = z.object({
  addressId: uuid('addressId').optional().describe('one of your addresses; your default address when left out'),
});
/** What delivering one of a product costs to an address of the shopper's, before it is in the cart. */
export const deliveryEstimate = z.object({
  to: z
    .object({ addressId: z.uuid(), label: z.string(), state: z.string(), lga: z.string() })
    .nullable()
    .describe('null when the shopper has no address yet'),
  from: z.object({ shopName: z.string(), state: z.string(), lga: z.string() }),
  distanceKm: z.number().nullable(),
  options: z.array(
    z.object({ id: deliveryOption, label: z.string(), price: z.number().int(), etaDays: z.number().int(), estimatedDate: z.string() }),
  ),
});
export const deliveryEstimateResponse = envelope(deliveryEstimate);

export const orderStatus = z.enum([
  'paid',
  'accepted',
  'shipped',
  'delivered',
  'completed',
  'declined',
  'cancelled',
  'disputed',
  'refunded',
]);
export type OrderStatus = z.infer<typeof orderStatus>;
export const order = z.object({
  id: z.uuid(),
  reference: z.string(),
  shop: z.object({ id: z.uuid(), name: z.string() }),
  shopper: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }),
  status: orderStatus,
  items: z.array(
    z.object({
      productId: z.uuid(),
      variationId: z.uuid().nullable(),
      name: z.string(),
      image: z.string().nullable(),
      price: z.number().int(),
      quantity: z.number().int(),
      reviewed: z.boolean(),
    }),
  ),
  subtotal: z.number().int(),
  deliveryFee: z.number().int(),
  total: z.number().int(),
  commission: z.number().int().describe("the marketplace's share, taken from the seller's payout"),
  deliveryOption,
  estimatedDelivery: z.string(),
  address: z.object({ street: z.string(), landmark: z.string(), lga: z.string(), state: z.string(), phone: z.string() }),
  note: z.string().nullable().describe('the seller’s shipping note or tracking number'),
  disputeReason: z.string().nullable(),
  isSeller: z.boolean(),
  timeline: z.array(z.object({ status: orderStatus, at: z.string() })),
  autoConfirmAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Order = z.infer<typeof order>;
export const orderResponse = envelope(order);
export const ordersResponse = paginated(order);
export const orderPlacedResponse = envelope(z.array(order));
export const initiateOrderBody = z.object({
  cartItemIds: z.array(uuid('cartItemIds')).min(1, 'Select at least one item').max(100),
  addressId: uuid('addressId'),
  delivery: z.array(deliveryChoice).max(50).default([]).describe('an option per shop; standard where none is given'),
});
export const customerOrdersQuery = z.object({
  type: z.union([z.literal('all'), orderStatus]).default('all'),
  page: z.coerce.number().int().min(1, 'page starts at 1').default(1),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const shopOrdersQuery = customerOrdersQuery;
export const shipBody = z.object({ note: z.string().trim().max(200).default('') });
export const disputeBody = z.object({ reason: z.string().trim().min(3, 'Tell us what went wrong').max(500) });
export const reviewBody = z.object({
  orderId: uuid('orderId'),
  productId: uuid('productId'),
  rating: z.number().int().min(1, 'Rate from 1 to 5').max(5, 'Rate from 1 to 5'),
  text: z.string().trim().max(1000).default(''),
});
export const businessWithdrawBody = z.object({ amount: z.number().int().positive('Enter an amount').max(100_000_000_000) });
export const reviewResponse = envelope(review);
export const businessWithdrawResponse = envelope(
  z.object({ amount: z.number().int(), businessBalance: z.number().int(), walletBalance: z.number().int() }),
);
