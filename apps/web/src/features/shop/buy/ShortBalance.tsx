import { Link } from 'react-router';
import { buttonClasses } from '../../../ui/Button';
import { useKycStatus } from '../../kyc/queries';
import { naira } from './parts';

/**
 * When the money to add is more than the person's tier lets in at once (or the order more than the
 * wallet may hold), says so before they try, with the way to raise it.
 */
function TierCapNote({ shortfall, total }: { shortfall: number; total: number }) {
  const kyc = useKycStatus();
  const limits = kyc.data?.limits;
  if (!limits) return null;
  const overDeposit = limits.perDeposit !== null && shortfall > limits.perDeposit;
  const overBalance = limits.balanceCap !== null && total > limits.balanceCap;
  if (!overDeposit && !overBalance) return null;
  return (
    <p role="note" className="mb-2 text-sm text-[#8a5a00] dark:text-accent-300">
      {overBalance
        ? `At Tier ${limits.tier} your wallet can hold at most ${naira(limits.balanceCap!)}, less than this order. `
        : `At Tier ${limits.tier} you can add at most ${naira(limits.perDeposit!)} at a time. `}
      <Link to="/account/limits" className="font-semibold underline">
        Verify to raise your limits
      </Link>
    </p>
  );
}

/** The wallet is short of the order: by how much, what the tier allows in, and "Add ₦X" to funding with the shortfall filled in. */
export function ShortBalance({ shortfall, wallet, total }: { shortfall: number; wallet: number; total: number }) {
  return (
    <>
      <p role="note" className="mb-2 text-sm text-danger-fg">
        Your balance is {naira(shortfall)} short: your wallet has {naira(wallet)} and this order is {naira(total)}.
      </p>
      <TierCapNote shortfall={shortfall} total={total} />
      <Link to={`/pay/fund?amount=${shortfall}`} className={buttonClasses({ size: 'lg', block: true })}>
        Add {naira(shortfall)}
      </Link>
    </>
  );
}
