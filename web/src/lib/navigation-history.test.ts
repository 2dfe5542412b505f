import { beforeEach, describe, expect, it } from 'vitest';
import type { Location, NavigationType } from 'react-router-dom';
import { recordNavigation, resetNavigationHistory, stepsBackTo } from './navigation-history';

let n = 0;
const go = (url: string, type: NavigationType = 'PUSH', key = `k${++n}`) => {
  const parsed = new URL(url, 'http://portal.invalid');
  const location: Location = {
    key,
    pathname: parsed.pathname,
    search: parsed.search,
    hash: parsed.hash,
    state: null,
  };
  recordNavigation(location, type);
  return key;
};

describe('in-app history', () => {
  beforeEach(() => resetNavigationHistory());

  it('finds the list the user came from, however many tabs the detail went through', () => {
    go('/', 'POP');
    go('/gestion-territoriale?page=3#exploitants');
    go('/gestion-territoriale/exploitant/4');
    go('/gestion-territoriale/exploitant/4#territoires');
    expect(stepsBackTo('/gestion-territoriale#exploitants')).toBe(2);
    expect(stepsBackTo('/gestion-territoriale')).toBe(2);
  });

  it('answers null when the user did not come from there (deep link, another tab of the list)', () => {
    go('/gestion-territoriale/exploitant/4', 'POP');
    expect(stepsBackTo('/gestion-territoriale#exploitants')).toBeNull();
    go('/gestion-territoriale#utilisateurs');
    go('/gestion-territoriale/exploitant/4');
    expect(stepsBackTo('/gestion-territoriale#exploitants')).toBeNull();
  });

  it('follows replaces and Back/Forward', () => {
    const home = go('/', 'POP');
    go('/signalement');
    go('/signalement?page=2', 'REPLACE');
    const detail = go('/signalement/signal/7');
    expect(stepsBackTo('/signalement')).toBe(1);
    go('/', 'POP', home);
    expect(stepsBackTo('/signalement')).toBeNull();
    go('/signalement/signal/7', 'POP', detail);
    expect(stepsBackTo('/signalement')).toBe(1);
    // a new page after going back drops the forward entries
    go('/', 'POP', home);
    go('/travaux');
    go('/travaux/3');
    expect(stepsBackTo('/signalement')).toBeNull();
    expect(stepsBackTo('/travaux')).toBe(1);
  });
});
