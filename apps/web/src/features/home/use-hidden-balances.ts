import { useCallback, useState } from 'react';

export const HIDE_BALANCES_KEY = 'owo.hideBalances';

function read(): boolean {
  try {
    return globalThis.localStorage?.getItem(HIDE_BALANCES_KEY) === '1';
  } catch {
    return false;
  }
}

/** Balance privacy toggle, remembered on this device. */
export function useHiddenBalances(): [boolean, () => void] {
  const [hidden, setHidden] = useState(read);
  const toggle = useCallback(() => {
    setHidden((h) => {
      const next = !h;
      try {
        globalThis.localStorage?.setItem(HIDE_BALANCES_KEY, next ? '1' : '0');
      } catch {
        /* storage blocked: the choice lasts for this visit */
      }
      return next;
    });
  }, []);
  return [hidden, toggle];
}
