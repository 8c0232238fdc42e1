/** What other features use of the wallet area: its queries and the history row. */
export {
  HISTORY_PAGE_SIZE,
  invalidateMoney,
  useBalances,
  useBanks,
  useRecentTransactions,
  useSavedCards,
  useSpendingLimit,
  useVirtualAccount,
  walletKeys,
} from './queries';
export { TransactionRow, TransactionRowSkeleton, receiptPath } from './TransactionRow';
