import { describe, expect, it } from 'vitest';
import { deviceId, deviceName } from './device';

describe('deviceName', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 13; TECNO KI5q) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (Linux; Android 12; SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0 Mobile Safari/537.36',
      'Samsung Internet on Android',
    ],
    [
      'Mozilla/5.0 (Linux; Android 11; itel A571W) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/118.0 Mobile Safari/537.36 OPR/78.0',
      'Opera on Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
    ],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:120.0) Gecko/20100101 Firefox/120.0', 'Firefox on Windows'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0 Safari/537.36 Edg/119.0',
      'Edge on Windows',
    ],
    ['curl/8.4.0', 'This browser'],
  ])('names %s as %s', (ua, name) => {
    expect(deviceName(ua)).toBe(name);
  });
});

describe('deviceId', () => {
  it('is made once and kept in localStorage', () => {
    localStorage.removeItem('owo.device');
    const first = deviceId();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(deviceId()).toBe(first);
    expect(localStorage.getItem('owo.device')).toBe(first);
  });
});
