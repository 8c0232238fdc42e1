import { ShoppingCart } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../api/client';
import { Button } from '../../../ui/Button';
import { useAddToCart } from './queries';

/**
 * "Add to cart": adds one of the product (of the chosen option, when it has options). The server
 * refuses beyond the stock, without a required option, or from one's own shop; its words are toasted.
 */
export function AddToCartButton({
  productId,
  variationId,
  disabled,
  className,
}: {
  productId: string;
  variationId?: string;
  disabled?: boolean;
  className?: string;
}) {
  const add = useAddToCart();
  const navigate = useNavigate();
  return (
    <Button
      size="lg"
      block
      className={className}
      disabled={disabled}
      loading={add.isPending}
      icon={<ShoppingCart className="size-5" aria-hidden="true" />}
      onClick={() =>
        add.mutate(
          { productId, variationId },
          {
            onSuccess: (res) =>
              toast.success(res.message || 'Added to your cart', {
                action: { label: 'View cart', onClick: () => void navigate('/shop/cart') },
              }),
            onError: (err) => toast.error(errorMessage(err, "We couldn't add it to your cart. Please try again.")),
          },
        )
      }
    >
      Add to cart
    </Button>
  );
}
