/**
 * Fetches the global alert's code ahead of need, for the forms that can raise an alert (the signup
 * form, the home profile): called when their own code has arrived. LazyAlerts' later import of the
 * same module is then answered from memory, so an alert about a lost connection still shows. Kept
 * out of the landing page's first load (only those forms' chunks import this).
 */
export function preloadAlerts(): void {
  import('./Alerts.tsx').catch(() => {
    // Offline already: LazyAlerts tries again when an alert opens.
  });
}
