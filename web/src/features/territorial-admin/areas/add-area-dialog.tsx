/**
 * Add area: municipality search (from 3 characters, debounced 500 ms, 100 per page, at most 15
 * options shown with a result counter); Validate is disabled until one is selected.
 */
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LoadingErrorAlert } from '@/components/ui/alerts';
import { useTranslation } from '@/lib/i18n';
import { MUNICIPALITY_SEARCH } from '@portal/contract/constants';
import type { AdministrativeDivision } from '@portal/contract';
import { Spinner } from '@/components/ui/spinner';
import { useWizard } from '@/lib/use-wizard';
import { useDebounced } from '@/lib/use-debounced';
import { areaQueries, createContractArea } from './api';
import { contractQueries } from '../contract/api';
import { useContractCountry } from '../organizations/organization-fields';
import {
  SuccessScreen,
  ValidateButton,
  WizardModal,
  useInvalidateEndpoints,
  useWizardSave,
} from '../shared/wizard-parts';
import { TERRITORY_CHANGES } from '@/lib/territory-changes';

export interface AddAreaDialogProps {
  show: boolean;
  onHide: () => void;
  contractId: number;
  organizationId?: number;
  onDone?: () => void;
}

export function AddAreaDialog({ show, onHide, contractId, onDone }: AddAreaDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const searchId = useId();
  const invalidate = useInvalidateEndpoints(contractId, TERRITORY_CHANGES.area);
  // the contract the dialog adds to (under /admin/contrat/{id}, not always the session's): its country
  const country = useContractCountry(contractId);
  // no search before the contract is known: a search would go to the default country first
  const contractKnown = !useQuery(contractQueries.detail(contractId)).isPending;
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<AdministrativeDivision[]>([]);
  const save = useWizardSave();
  const wizard = useWizard(1);
  const keyword = useDebounced(search.trim(), MUNICIPALITY_SEARCH.debounceMs);
  const searching = keyword.length >= MUNICIPALITY_SEARCH.minLength;
  const results = useQuery({
    ...areaQueries.divisions(contractId, keyword, country),
    enabled: show && searching && contractKnown,
  });
  const options = (results.data?.items ?? [])
    .filter((d) => !selected.some((s) => s.id === d.id))
    .slice(0, MUNICIPALITY_SEARCH.maxOptions);

  const reset = () => {
    wizard.reset();
    setSearch('');
    setSelected([]);
  };
  const close = () => {
    onHide();
    if (wizard.done) reset();
  };
  const validate = () =>
    save.run(async () => {
      await createContractArea(
        contractId,
        selected.map((d) => d.id),
      );
      await invalidate();
      wizard.finish();
      onDone?.();
    });
  const name = (d: AdministrativeDivision) => `${d.label} (${d.postalCode})`;

  return (
    <WizardModal
      show={show}
      onHide={close}
      title={t('wizards.area.title')}
      titleId={titleId}
      error={save.error}
      saving={save.pending}
      dirty={!wizard.done && selected.length > 0}
    >
      {wizard.done ? (
        <SuccessScreen
          message={t('wizards.area.success')}
          again={t('wizards.area.again')}
          onAgain={reset}
          onClose={close}
        />
      ) : (
        <>
          <label htmlFor={searchId} className="form-label">
            {t('wizards.area.search_label')}
          </label>
          <input
            id={searchId}
            type="search"
            className="form-control"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            aria-describedby={`${searchId}-help`}
            autoComplete="off"
          />
          <div id={`${searchId}-help`} className="form-text">
            {t('wizards.area.search_help', { count: MUNICIPALITY_SEARCH.minLength })}
          </div>
          <div aria-live="polite" className="mt-2">
            {searching && results.isFetching ? <Spinner size="sm" /> : null}
            {searching && results.data ? (
              <p className="small text-body-secondary mb-1">
                {t('wizards.area.results', { count: results.data.total })}
              </p>
            ) : null}
            {searching && results.isError ? <LoadingErrorAlert onRetry={results.refetch} /> : null}
          </div>
          {options.length > 0 ? (
            <ul className="list-group mb-3" aria-label={t('wizards.area.options')}>
              {options.map((d) => (
                <li key={d.id} className="list-group-item p-0">
                  <button
                    type="button"
                    className="btn btn-light w-100 text-start"
                    onClick={() => setSelected((old) => [...old, d])}
                    aria-label={t('dual_list.add_item', { label: name(d) })}
                  >
                    {name(d)}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <h3 className="h6 mt-3">{t('wizards.area.selected', { count: selected.length })}</h3>
          <ul className="list-unstyled d-flex flex-wrap gap-2" aria-label={t('wizards.area.selected_list')}>
            {selected.map((d) => (
              <li
                key={d.id}
                className="badge text-bg-light border d-flex align-items-center gap-1 fw-normal fs-6"
              >
                {name(d)}
                <button
                  type="button"
                  className="btn-close btn-sm"
                  aria-label={t('dual_list.remove_item', { label: name(d) })}
                  onClick={() => setSelected((old) => old.filter((s) => s.id !== d.id))}
                />
              </li>
            ))}
          </ul>
          <ValidateButton disabled={selected.length === 0} pending={save.pending} onClick={validate} />
        </>
      )}
    </WizardModal>
  );
}
