import type { Preview, Receipt } from '@owo/contracts';
import { useCallback, useState } from 'react';
import type { ChatUser } from '../../api/chat';
import { transactionApi } from '../../api/transaction';
import { Sheet } from '../../ui/Sheet';
import { SendMoneyForm, TransferDialog } from '../pay';

/**
 * "Pay" in a conversation: the amount, then the app's own send-money preview and PIN (the same
 * initiate and complete calls as Pay → Send money). Once the money has moved, `onPaid` gets the
 * receipt, and the conversation shares it as a payment message.
 */
export function PaySheet({
  person,
  open,
  onClose,
  onPaid,
}: {
  person: ChatUser;
  open: boolean;
  onClose: () => void;
  onPaid: (receipt: Receipt) => void;
}) {
  const [preview, setPreview] = useState<Preview | null>(null);
  const closeAll = useCallback(() => {
    setPreview(null);
    onClose();
  }, [onClose]);
  const complete = useCallback(
    async (reference: string, pin: string, idempotencyKey: string) => {
      const res = await transactionApi.complete(reference, pin, idempotencyKey);
      if (res.data.status === 'successful' || res.data.status === 'pending') onPaid(res.data);
      return res;
    },
    [onPaid],
  );
  return (
    <>
      <Sheet open={open && !preview} onClose={closeAll} title={`Send money to ${person.firstName}`}>
        {open && !preview ? <SendMoneyForm person={person} onPreview={setPreview} /> : null}
      </Sheet>
      <TransferDialog preview={open ? preview : null} onClose={closeAll} onDone={closeAll} complete={complete} />
    </>
  );
}
