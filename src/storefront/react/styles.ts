/**
 * A few plain rules for TradeCreditFields, so that it reads well in a storefront whose CSS resets form controls (the
 * starters' Tailwind preflight): scoped to `.trade-credit-fields`; a store's own rules of the same or higher
 * specificity win. TradeCreditFields renders them unless `unstyled`. A backslash at a line's end continues the rule on
 * the next line (a template literal's line continuation: the string has no line break there).
 */
export const TRADE_CREDIT_FIELDS_CSS = `
.trade-credit-fields{display:grid;gap:.75rem;margin:.75rem 0}
.trade-credit-fields label{display:flex;flex-direction:column;gap:.25rem;font-size:.875rem}
.trade-credit-fields input,.trade-credit-fields select{\
border:1px solid #d1d5db;border-radius:.375rem;padding:.5rem .625rem;background:#fff}
.trade-credit-fields .row{display:flex;gap:.75rem}.trade-credit-fields .grow{flex:1}
.trade-credit-fields .results{list-style:none;margin:0;padding:.25rem;border:1px solid #e5e7eb;border-radius:.375rem}
.trade-credit-fields .results li{display:flex;justify-content:space-between;gap:1rem;\
padding:.375rem .5rem;cursor:pointer}
.trade-credit-fields .results li[aria-selected=true],\
.trade-credit-fields .results li:hover{background:#f3f4f6}
.trade-credit-fields mark{background:#fde68a;color:inherit}
.trade-credit-fields .link{text-decoration:underline}
.trade-credit-fields .company-chosen{display:flex;justify-content:space-between;align-items:center;gap:1rem;\
border:1px solid #d1d5db;border-radius:.375rem;padding:.75rem 1rem}
.trade-credit-fields .muted,.trade-credit-fields .hint{color:#6b7280;font-size:.875rem}
.trade-credit-fields .manual{display:grid;grid-template-columns:1fr 1fr auto;gap:.5rem;align-items:end}
.trade-credit-fields .manual button{border:1px solid #d1d5db;border-radius:.375rem;padding:.5rem .75rem}
.trade-credit-fields fieldset{display:grid;grid-template-columns:1fr 1fr;gap:.75rem;border:0;padding:0;margin:0}
.trade-credit-fields legend{font-weight:600;margin-bottom:.5rem}
.trade-credit-fields .error,.trade-credit-fields .notice{color:#b91c1c}
`
