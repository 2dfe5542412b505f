/** Widget data: signal and request statistics, water, hydrometry, interventions, documents, embedded tools. */
import { INTERVENTION_STATUSES } from '@portal/contract/dashboard';
import { ROLES } from '@portal/contract/roles';
import { granted, grantedForContract, serviceRole } from '@portal/contract/permissions';
import { addDays, unitFor, type UserRecord } from '@portal/fixtures';
import { subjectOf } from './access.ts';
import { rows, type Db } from './db.ts';
import { ApiFailure, forbidden, notFound } from './errors.ts';
import { findConfiguration } from './configurations.ts';

export function signalStats(db: Db, contractId: number) {
  const signals = rows(db, 'signals').filter((s) => s.contractId === contractId);
  const statuses = ['NEW', 'IN_PROGRESS', 'RESOLVED', 'REJECTED'] as const;
  const lastMonth: { date: string; count: number }[] = [];
  for (let i = 29; i >= 0; i--) {
    const day = addDays(db.state.today, -i);
    lastMonth.push({ date: day, count: signals.filter((s) => s.createdAt.slice(0, 10) === day).length });
  }
  return {
    total: signals.length,
    byStatus: statuses.map((status) => ({
      status,
      count: signals.filter((s) => s.status === status).length,
    })),
    lastMonth,
  };
}

export function topCategories(db: Db, contractId: number, length: number) {
  const counts = new Map<number, number>();
  for (const s of rows(db, 'signals'))
    if (s.contractId === contractId) counts.set(s.categoryId, (counts.get(s.categoryId) ?? 0) + 1);
  return rows(db, 'signalCategories')
    .filter((c) => c.contractId === contractId)
    .map((c) => ({ categoryId: c.id, label: c.label, count: counts.get(c.id) ?? 0 }))
    .sort((a, b) => b.count - a.count || a.categoryId - b.categoryId)
    .slice(0, length);
}

export function requestStats(db: Db, contractId: number) {
  const requests = rows(db, 'requests').filter((r) => r.contractId === contractId);
  return {
    byStatus: (['DRAFT', 'SUBMITTED', 'IN_PROGRESS', 'DONE', 'REJECTED'] as const).map((status) => ({
      status,
      count: requests.filter((r) => r.status === status).length,
    })),
  };
}

export function waterCycle(db: Db, contractId: number) {
  const record = rows(db, 'waterCycles').find((w) => w.contractId === contractId);
  if (!record) return { unit: 'm3', series: [] };
  return { unit: record.unit, series: record.series.map((p) => ({ ...p })) };
}

export function waterConformity(db: Db, contractId: number) {
  const record = rows(db, 'waterConformities').find((w) => w.contractId === contractId);
  if (!record) throw notFound(`Water conformity of contract ${contractId}`);
  const { id: _id, contractId: _c, ...rest } = record;
  return rest;
}

export function hydroSites(db: Db, contractId: number) {
  return rows(db, 'hydroSites')
    .filter((s) => s.contractId === contractId)
    .map((s) => ({ code: s.code, label: s.label, river: s.river }));
}

/** The last `max` measures, `interval` hours apart, ending at noon of the reference day. */
export function hydroSeries(db: Db, contractId: number, code: string, interval: number, max: number) {
  const site = rows(db, 'hydroSites').find((s) => s.code === code && s.contractId === contractId);
  if (!site) throw notFound(`Hydrometric site ${code} of contract ${contractId}`);
  const end = Date.parse(`${db.state.today}T12:00:00Z`);
  const measures = [];
  for (let i = max - 1; i >= 0; i--) {
    const time = end - i * interval * 3_600_000;
    const hour = Math.floor(time / 3_600_000);
    const noise = unitFor(db.state.seed, `hydro:${site.code}:${hour}`);
    const wave = Math.sin(((hour % 48) / 48) * Math.PI * 2) * 0.15;
    measures.push({
      date: new Date(time).toISOString(),
      value: Number((site.base * (1 + wave + (noise - 0.5) * 0.1)).toFixed(3)),
    });
  }
  return { site: { code: site.code, label: site.label, river: site.river }, unit: site.unit, measures };
}

const TEXT_STATUS: Record<string, 'Enc' | 'Pla' | 'Rea'> = {
  ongoing: INTERVENTION_STATUSES.ongoing,
  planned: INTERVENTION_STATUSES.planned,
  done: INTERVENTION_STATUSES.done,
  Enc: 'Enc',
  Pla: 'Pla',
  Rea: 'Rea',
};

export function interventions(
  db: Db,
  contractId: number,
  q: {
    status?: string[] | undefined;
    startDate?: string | undefined;
    endDate?: string | undefined;
    address?: string | undefined;
    waterSupplyStopped?: boolean | undefined;
    streetClosed?: boolean | undefined;
  },
) {
  const statuses = q.status?.map((s) => TEXT_STATUS[s]).filter((s) => s !== undefined);
  const end = q.endDate && q.endDate.length === 10 ? `${q.endDate}T23:59:59.999Z` : q.endDate;
  const address = q.address?.toLowerCase();
  return rows(db, 'interventions').filter(
    (i) =>
      i.contractId === contractId &&
      (!statuses?.length || statuses.includes(i.status)) &&
      (!q.startDate || i.endDate >= q.startDate) &&
      (!end || i.startDate <= end) &&
      (!address || i.address.toLowerCase().includes(address)) &&
      (q.waterSupplyStopped === undefined || i.outcome.waterSupplyStopped === q.waterSupplyStopped) &&
      (q.streetClosed === undefined || i.outcome.streetClosed === q.streetClosed),
  );
}

/**
 * The embed information of a business-intelligence workspace. Each workspace is its own right: the
 * POWER_BI report needs ROLE_POWER_BI, the REPORT_TRENDS report ROLE_REPORT_TRENDS, tied to the contract.
 */
export function powerBiEmbed(
  db: Db,
  user: UserRecord,
  contractId: number,
  service: 'POWER_BI' | 'REPORT_TRENDS',
  origin: string,
) {
  const role = serviceRole(service);
  if (!grantedForContract(subjectOf(user), [role], contractId)) {
    throw forbidden(`The ${service} report of contract ${contractId} needs the role ${role}`);
  }
  const config = findConfiguration(db, service, 'CONTRACT', contractId);
  if (!config) throw new ApiFailure(404, `No ${service} configuration for contract ${contractId}`);
  const params = config.parameters as Record<string, unknown>;
  const reportId =
    typeof params.reportId === 'string' && params.reportId ? params.reportId : `report-${contractId}`;
  return {
    reportId,
    embedUrl: `${origin}/stand-in/powerbi/${encodeURIComponent(reportId)}`,
    accessToken: `powerbi-${contractId}-${Date.now().toString(36)}`,
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    btnLabel:
      typeof params.btnLabel === 'string'
        ? params.btnLabel
        : service === 'POWER_BI'
          ? 'Power BI'
          : 'Tendances',
  };
}

/**
 * The contracts a document-service call covers: the contract whose realm is `idp` (the authorization
 * checked the caller holds the document role there), otherwise every contract where the caller holds it.
 */
export function documentContracts(user: UserRecord, realmContract: number | null): number[] {
  if (realmContract !== null) return [realmContract];
  return user.contractIds.filter((id) => granted(subjectOf(user, id), [ROLES.VA_GEST_DOC]));
}

export function lastDocuments(db: Db, contractIds: number[], length: number) {
  return rows(db, 'documents')
    .filter((d) => contractIds.includes(d.contractId))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)
    .slice(0, length);
}

export function documentNotifications(db: Db, contractIds: number[]) {
  return rows(db, 'documentNotifications')
    .filter((n) => contractIds.includes(n.contractId))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
}
