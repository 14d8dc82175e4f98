/** Export forms offer the last 10 years (spec section 9), where the list and form pages offer 5. */
export const EXPORT_YEARS = 10;
