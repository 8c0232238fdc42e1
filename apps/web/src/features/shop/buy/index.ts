/** What the catalogue screens place from the buying side. Its screens come through `./routes` (lazy). */
export { AddToCartButton } from './AddToCartButton';
export { CartLink } from './CartLink';
