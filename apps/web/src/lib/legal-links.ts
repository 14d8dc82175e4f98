/**
 * Hook point for the footer's Privacy Policy, Terms of Service and Cookie Policy links.
 *
 * The spec's original links went nowhere; we show none until they have somewhere to go. When the
 * content-pages feature can publish pages, make this hook return the published legal pages
 * (for example from GET /api/pages/published) and the footer renders them automatically.
 */
export interface LegalLink {
  /** Visible label, already translated or taken from the page title. */
  label: string;
  to: string;
}

export function useLegalLinks(): LegalLink[] {
  return [];
}
