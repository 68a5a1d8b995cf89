// Runs before first paint so that dark mode never flashes light. Mirrors src/web/lib/color-mode.ts.
(function () {
  try {
    var pref = localStorage.getItem('cereza-color-mode');
    if (pref !== 'light' && pref !== 'dark') pref = 'system';
    var dark = pref === 'dark' || (pref === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  } catch (e) {}
})();
