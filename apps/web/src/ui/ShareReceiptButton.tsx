import { Share2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../lib/toast';
import { type ReceiptData, shareReceipt } from '../lib/receipt-image';
import { Button } from './Button';

/** "Share receipt": the receipt as a PNG through the system share sheet, or downloaded. */
export function ShareReceiptButton({ item }: { item: ReceiptData }) {
  const [busy, setBusy] = useState(false);
  const onShare = async () => {
    setBusy(true);
    try {
      const how = await shareReceipt(item);
      if (how === 'downloaded') toast.success('Receipt saved as an image');
    } catch {
      toast.error('We could not create the receipt image. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="secondary"
      block
      size="lg"
      loading={busy}
      icon={<Share2 className="size-5" aria-hidden="true" />}
      onClick={() => void onShare()}
    >
      Share receipt
    </Button>
  );
}
