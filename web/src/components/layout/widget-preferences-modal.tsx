import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { widgetGranted } from '@portal/contract/permissions';
import { USER_CONFIG } from '@portal/contract/constants';
import { useSession } from '@/lib/auth/hooks';
import { saveUserConfiguration, USER_CONFIGURATION_READS } from '@/lib/auth/user-configuration';
import { invalidateEndpoints } from '@/lib/endpoint-query';
import { widgetQueries, type DisplayedWidgets } from './widget-queries';
import { AlertMessage, LoadingErrorAlert } from '@/components/ui/alerts';
import { Spinner } from '@/components/ui/spinner';
import { LanguageSwitcher } from './language-switcher';

export { type DisplayedWidgets } from './widget-queries';

export type WidgetPreferencesTab = 'widgets' | 'language';

/** The user-settings modal: the widgets by family with a toggle each, and the language. */
export function WidgetPreferencesModal({
  show,
  onHide,
  tab = 'widgets',
  onTabChange,
}: {
  show: boolean;
  onHide: () => void;
  tab?: WidgetPreferencesTab;
  onTabChange?: (tab: WidgetPreferencesTab) => void;
}) {
  const { t } = useTranslation();
  const { user, contractId } = useSession();
  const queryClient = useQueryClient();
  const catalogue = useQuery({ ...widgetQueries.catalogue(contractId), enabled: show });
  const displayed = useQuery({ ...widgetQueries.displayed(contractId), enabled: show });
  // the user's changes over the saved choices
  const [changes, setChanges] = useState<DisplayedWidgets>({});
  const isShown = (id: string) => changes[id] ?? displayed.data?.[id] ?? true;

  const save = useMutation({
    meta: { toast: false }, // the spec's alert in the modal says it
    mutationFn: (value: DisplayedWidgets) =>
      saveUserConfiguration(USER_CONFIG.displayedWidgets, value, { errors: 'local' }),
    onSuccess: () => invalidateEndpoints(queryClient, contractId, USER_CONFIGURATION_READS),
  });

  // the widgets the home can show for the current contract
  const widgets = (catalogue.data ?? []).filter((w) => widgetGranted(user, w, contractId));
  const families = [...new Set(widgets.map((w) => w.family))];
  const loading = catalogue.isPending || displayed.isPending;
  const failed = catalogue.isError || displayed.isError;

  return (
    <Modal
      show={show}
      onHide={onHide}
      size="lg"
      aria-labelledby="user-settings-title"
      onExited={() => {
        save.reset();
        setChanges({});
      }}
    >
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id="user-settings-title" as="h2" className="h5">
          {t('preferences.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Tabs
          activeKey={tab}
          onSelect={(key) => onTabChange?.((key as WidgetPreferencesTab | null) ?? 'widgets')}
          className="mb-3"
          id="user-settings-tabs"
        >
          <Tab eventKey="widgets" title={t('preferences.widgets_tab')}>
            {save.isSuccess ? <AlertMessage variant="success" messageKey="alert.saving_success" /> : null}
            {save.isError ? <AlertMessage variant="danger" messageKey="alert.saving_error" /> : null}
            {failed ? (
              <LoadingErrorAlert
                onRetry={() =>
                  Promise.all([catalogue, displayed].filter((q) => q.isError).map((q) => q.refetch()))
                }
              />
            ) : null}
            {loading && !failed ? <Spinner /> : null}
            {/* a failed read is never shown as an empty choice */}
            {!loading && !failed && widgets.length === 0 ? <p>{t('common.no_information')}</p> : null}
            {!loading &&
              !failed &&
              families.map((family) => (
                <fieldset key={family} className="mb-3">
                  <legend className="h6">{t(`widgets.families.${family}`, { defaultValue: family })}</legend>
                  {widgets
                    .filter((w) => w.family === family)
                    .map((w) => (
                      <Form.Check
                        key={w.id}
                        type="switch"
                        role="switch"
                        id={`widget-${w.id}`}
                        label={t(`widgets.labels.${w.id}`, { defaultValue: w.label })}
                        checked={isShown(w.id)}
                        onChange={(event) => {
                          const checked = event.currentTarget.checked;
                          save.reset();
                          setChanges((c) => ({ ...c, [w.id]: checked }));
                        }}
                      />
                    ))}
                </fieldset>
              ))}
          </Tab>
          <Tab eventKey="language" title={t('preferences.language_tab')}>
            <LanguageSwitcher />
          </Tab>
        </Tabs>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide}>
          {t('common.close')}
        </Button>
        {tab === 'widgets' ? (
          <Button
            variant="primary"
            disabled={loading || save.isPending}
            onClick={() => save.mutate(Object.fromEntries(widgets.map((w) => [w.id, isShown(w.id)])))}
          >
            {save.isPending ? <Spinner size="sm" label={t('preferences.saving')} /> : null} {t('common.save')}
          </Button>
        ) : null}
      </Modal.Footer>
    </Modal>
  );
}
