import type { BillCategory } from '@owo/contracts';

export type Biller = { billerId: string; billerGroupId: string; name: string; shortName: string; category: BillCategory };
export type Package = { packageId: string; name: string; amount: number | null; validity: string | null };

const naira = (n: number) => n * 100;

const NETWORKS = [
  ['mtn', 'MTN'],
  ['airtel', 'Airtel'],
  ['glo', 'Glo'],
  ['9mobile', '9mobile'],
] as const;

export const BILLERS: Biller[] = [
  ...NETWORKS.map(([id, name]) => ({
    billerId: `${id}-airtime`,
    billerGroupId: 'airtime',
    name: `${name} Airtime`,
    shortName: name,
    category: 'airtime' as const,
  })),
  ...NETWORKS.map(([id, name]) => ({
    billerId: `${id}-data`,
    billerGroupId: 'data',
    name: `${name} Data`,
    shortName: name,
    category: 'data' as const,
  })),
  ...(
    [
      ['ikedc', 'Ikeja Electric', 'IKEDC'],
      ['ekedc', 'Eko Electricity', 'EKEDC'],
      ['aedc', 'Abuja Electricity', 'AEDC'],
      ['ibedc', 'Ibadan Electricity', 'IBEDC'],
      ['eedc', 'Enugu Electricity', 'EEDC'],
      ['phed', 'Port Harcourt Electricity', 'PHED'],
      ['kedco', 'Kano Electricity', 'KEDCO'],
      ['kaedco', 'Kaduna Electric', 'KAEDCO'],
      ['jed', 'Jos Electricity', 'JED'],
      ['bedc', 'Benin Electricity', 'BEDC'],
      ['yedc', 'Yola Electricity', 'YEDC'],
    ] as const
  ).map(([id, name, short]) => ({ billerId: id, billerGroupId: 'electricity', name, shortName: short, category: 'electricity' as const })),
  ...(
    [
      ['dstv', 'DStv'],
      ['gotv', 'GOtv'],
      ['startimes', 'StarTimes'],
      ['showmax', 'Showmax'],
    ] as const
  ).map(([id, name]) => ({ billerId: id, billerGroupId: 'tv', name, shortName: name, category: 'tv' as const })),
  ...(
    [
      ['bet9ja', 'Bet9ja'],
      ['sportybet', 'SportyBet'],
      ['betking', 'BetKing'],
      ['1xbet', '1xBet'],
      ['nairabet', 'NairaBet'],
      ['msport', 'MSport'],
      ['betway', 'Betway'],
    ] as const
  ).map(([id, name]) => ({ billerId: id, billerGroupId: 'betting', name, shortName: name, category: 'betting' as const })),
];

const plan = (packageId: string, name: string, price: number, validity: string): Package => ({
  packageId,
  name,
  amount: naira(price),
  validity,
});

const DATA_PLANS: Record<string, Package[]> = {
  'mtn-data': [
    plan('mtn-1gb-1d', '1GB', 350, '1 day'),
    plan('mtn-1.5gb-7d', '1.5GB', 1_000, '7 days'),
    plan('mtn-3.5gb-30d', '3.5GB', 2_500, '30 days'),
    plan('mtn-10gb-30d', '10GB', 4_500, '30 days'),
    plan('mtn-20gb-30d', '20GB', 7_500, '30 days'),
    plan('mtn-40gb-30d', '40GB', 11_000, '30 days'),
  ],
  'airtel-data': [
    plan('airtel-1gb-1d', '1GB', 350, '1 day'),
    plan('airtel-2gb-7d', '2GB', 1_500, '7 days'),
    plan('airtel-4gb-30d', '4GB', 2_500, '30 days'),
    plan('airtel-10gb-30d', '10GB', 4_000, '30 days'),
    plan('airtel-25gb-30d', '25GB', 8_000, '30 days'),
  ],
  'glo-data': [
    plan('glo-1gb-1d', '1GB', 300, '1 day'),
    plan('glo-2.5gb-7d', '2.5GB', 1_000, '7 days'),
    plan('glo-5.8gb-30d', '5.8GB', 2_000, '30 days'),
    plan('glo-12.5gb-30d', '12.5GB', 4_000, '30 days'),
    plan('glo-29gb-30d', '29GB', 8_000, '30 days'),
  ],
  '9mobile-data': [
    plan('9m-1gb-1d', '1GB', 350, '1 day'),
    plan('9m-1.5gb-30d', '1.5GB', 1_200, '30 days'),
    plan('9m-4.5gb-30d', '4.5GB', 2_500, '30 days'),
    plan('9m-11gb-30d', '11GB', 5_000, '30 days'),
  ],
  dstv: [
    plan('dstv-padi', 'DStv Padi', 4_400, '1 month'),
    plan('dstv-yanga', 'DStv Yanga', 6_000, '1 month'),
    plan('dstv-confam', 'DStv Confam', 11_000, '1 month'),
    plan('dstv-compact', 'DStv Compact', 19_000, '1 month'),
    plan('dstv-compact-plus', 'DStv Compact Plus', 30_000, '1 month'),
    plan('dstv-premium', 'DStv Premium', 44_500, '1 month'),
  ],
  gotv: [
    plan('gotv-smallie', 'GOtv Smallie', 1_900, '1 month'),
    plan('gotv-jinja', 'GOtv Jinja', 3_900, '1 month'),
    plan('gotv-jolli', 'GOtv Jolli', 5_800, '1 month'),
    plan('gotv-max', 'GOtv Max', 8_500, '1 month'),
    plan('gotv-supa', 'GOtv Supa', 11_400, '1 month'),
  ],
  startimes: [
    plan('st-nova', 'Nova', 1_900, '1 month'),
    plan('st-basic', 'Basic', 3_700, '1 month'),
    plan('st-smart', 'Smart', 4_700, '1 month'),
    plan('st-classic', 'Classic', 5_500, '1 month'),
    plan('st-super', 'Super', 9_000, '1 month'),
  ],
  showmax: [
    plan('showmax-mobile', 'Showmax Mobile', 1_600, '1 month'),
    plan('showmax-standard', 'Showmax Standard', 3_500, '1 month'),
    plan('showmax-premier', 'Premier League Mobile', 4_000, '1 month'),
  ],
};

export function packagesFor(b: Biller): Package[] {
  if (b.category === 'electricity') {
    return [
      { packageId: 'prepaid', name: 'Prepaid meter', amount: null, validity: null },
      { packageId: 'postpaid', name: 'Postpaid meter', amount: null, validity: null },
    ];
  }
  if (b.category === 'betting') return [{ packageId: 'fund', name: `Fund ${b.name} wallet`, amount: null, validity: null }];
  if (b.category === 'airtime') return [];
  return DATA_PLANS[b.billerId] ?? [];
}

export const findBiller = (billerId: string, billerGroupId: string) =>
  BILLERS.find((b) => b.billerId === billerId && b.billerGroupId === billerGroupId);
