/** Replies the tests' mocked server gives. */

/** The mobile networks, as GET /api/bills/bills/airtime-providers lists them. */
export const networks = ['MTN', 'Airtel', 'Glo', '9mobile'].map((n) => ({
  billerId: `${n.toLowerCase()}-airtime`,
  billerGroupId: 'airtime',
  name: `${n} Airtime`,
  shortName: n,
  category: 'airtime',
}));
