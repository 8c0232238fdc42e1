import { Activity, Banknote, Flag, IdCard, Scale, ScrollText, Search, UsersRound, Waypoints } from 'lucide-react';

/**
 * The console's pages, each shown to the roles whose permissions include its action. `short`: the
 * word under the icon in the phone's tab bar when the full one does not fit (the link keeps its name).
 */
export const NAV = [
  { to: '/customers', label: 'Customers', icon: Search, action: 'customers.search' },
  { to: '/money', label: 'Money', icon: Banknote, action: 'money.read' },
  { to: '/reconciliation', label: 'Reconciliation', short: 'Recon', icon: Waypoints, action: 'reconciliation.read' },
  { to: '/disputes', label: 'Disputes', icon: Scale, action: 'disputes.read' },
  { to: '/moderation', label: 'Moderation', icon: Flag, action: 'moderation.review' },
  { to: '/kyc', label: 'KYC review', short: 'KYC', icon: IdCard, action: 'kyc.review' },
  { to: '/staff', label: 'Staff', icon: UsersRound, action: 'staff.read' },
  { to: '/audit', label: 'Audit', icon: ScrollText, action: 'audit.read' },
  { to: '/health', label: 'Health', icon: Activity, action: 'health.read' },
] as const;
