import { Heart } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { ProductList } from './parts';

/** The products on the shopper's wishlist; a tap on the heart takes one off. */
export default function WishlistPage() {
  return (
    <div>
      <PageHeader title="Wishlist" back="/shop" backLabel="Back to Shop" />
      <ProductList
        source={{ kind: 'wishlist' }}
        label="Wishlist"
        empty={
          <EmptyState
            icon={<Heart className="size-9" strokeWidth={1.8} />}
            title="Your wishlist is empty"
            action={
              <Link to="/shop" className={buttonClasses({ block: true })}>
                Browse the Shop
              </Link>
            }
          >
            Tap the heart on a product to keep it here.
          </EmptyState>
        }
      />
    </div>
  );
}
