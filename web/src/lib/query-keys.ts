/**
 * The root of every query key (STYLE.md): each cached read starts with the contract it belongs
 * to, so one tenant never shows another's cache and switching contracts can drop a whole subtree.
 */
export const contractKey = (contractId: number | null) => ['contract', contractId] as const;
