/**
 * The new-contract form's schema: the contract's contractCreate rules (the label, the lengths of
 * the realm and the address, the colours, the country and theme choices), with what only the form
 * has: the two statuses a new contract may take and an empty text for a field left out. Parsed
 * with `formIssues` (lib/form-schema), its messages are keys of `contracts.form.errors`.
 */
import { z } from 'zod';
// the contract's schemas alone, not its endpoint table, keep the route light
import { contractCreate, contractStatus, hexColor } from '@portal/contract/schemas/contracts';

const metadata = contractCreate.shape.contractMetadatas.unwrap().shape;

/** A colour field's value: empty, or a colour as the contract takes it. */
const colour = z.string().refine((v) => v === '' || hexColor.safeParse(v).success, 'colour');

export const contractFormSchema = contractCreate.pick({ label: true }).extend({
  status: contractStatus.extract(['TO_FINALIZE', 'ACTIVE']),
  country: metadata.contract_country_code.unwrap(),
  theme: metadata.theme.unwrap(),
  primaryColor: colour,
  secondaryColor: colour,
  realm: z.string().trim().pipe(metadata.realm.unwrap()),
  contractUrl: z.string().trim().pipe(metadata.contractUrl.unwrap()),
});
export type ContractFormValues = z.infer<typeof contractFormSchema>;
