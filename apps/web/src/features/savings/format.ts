export const FREQUENCY_LABELS = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' } as const;
export const FREQUENCY_WORDS = { daily: 'every day', weekly: 'every week', monthly: 'every month' } as const;
