import { useSyncExternalStore } from 'react';

export type ColorMode = 'system' | 'light' | 'dark';
export const COLOR_MODE_KEY = 'cereza-color-mode';

const media = () => window.matchMedia('(prefers-color-scheme: dark)');

function readPreference(): ColorMode {
  try {
    const v = localStorage.getItem(COLOR_MODE_KEY);
    return v === 'light' || v === 'dark' ? v : 'system';
  } catch {
    return 'system';
  }
}

let preference: ColorMode = typeof window === 'undefined' ? 'system' : readPreference();
const listeners = new Set<() => void>();

export function resolveMode(pref: ColorMode, systemDark: boolean) {
  if (pref === 'system') return systemDark ? 'dark' : 'light';
  return pref;
}

function apply() {
  const mode = resolveMode(preference, media().matches);
  document.documentElement.classList.toggle('dark', mode === 'dark');
  document.documentElement.style.colorScheme = mode;
  listeners.forEach((l) => l());
}

if (typeof window !== 'undefined') media().addEventListener('change', apply);

export const colorMode = {
  get: () => preference,
  set(next: ColorMode) {
    preference = next;
    try {
      if (next === 'system') localStorage.removeItem(COLOR_MODE_KEY);
      else localStorage.setItem(COLOR_MODE_KEY, next);
    } catch {
      // private mode: the choice lasts for this page only
    }
    apply();
  },
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  resolved: () => resolveMode(preference, media().matches),
};

export function useColorMode() {
  // The server knows no stored preference: hydration starts from 'system' and the stored choice follows.
  const pref = useSyncExternalStore(colorMode.subscribe, colorMode.get, () => 'system' as const);
  const resolved = useSyncExternalStore(colorMode.subscribe, colorMode.resolved, () => 'light' as const);
  return { preference: pref, resolved, setPreference: colorMode.set };
}
