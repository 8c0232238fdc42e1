import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { CountBadge } from '../../../ui/CountBadge';
import { useCart } from './queries';

/** The cart icon with how many things are in it; opens the cart. */
export function CartLink({ className }: { className?: string }) {
  const cart = useCart();
  const count = cart.data?.count ?? 0;
  const label = count === 0 ? 'Cart' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
  return (
    <Link
      to="/shop/cart"
      aria-label={label}
      title="Cart"
      className={cn('relative flex size-11 items-center justify-center rounded-full text-fg hover:bg-surface-2', className)}
    >
      <ShoppingCart className="size-6" aria-hidden="true" />
      <CountBadge count={count} />
    </Link>
  );
}
