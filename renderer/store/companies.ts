// Known companies (the cache's): their names for the customer panel, and the walk-in customer picked
// in Settings from them by name or id.
import { create } from 'zustand';
import type { CompanyMatchView } from '../../contract/contract.ts';
import { pos } from './pos.ts';
import { message, useApp } from './app.ts';
import { saveSettings } from './settings.ts';

interface CompaniesState {
  /** Company id -> its name in the cache; null: the cache knows no name for it. */
  readonly names: Readonly<Record<number, string | null>>;
  readonly matches: readonly CompanyMatchView[];
  readonly error: string | null;
}

export const useCompanies = create<CompaniesState>()(() => ({ names: {}, matches: [], error: null }));

const asking = new Set<number>();

/** Learns a company's name from the cache (once per company). */
export async function loadCompanyName(companyId: number): Promise<void> {
  if (companyId in useCompanies.getState().names || asking.has(companyId)) return;
  asking.add(companyId);
  try {
    const found = await pos.invoke('companies.find', { text: String(companyId) });
    const name = found.find((c) => c.companyId === companyId)?.name ?? null;
    useCompanies.setState((s) => ({ names: { ...s.names, [companyId]: name } }));
  } catch {
    // No name: the panel says the company's number instead.
  } finally {
    asking.delete(companyId);
  }
}

let latest = 0;

/** The known companies whose name has every word of `text`, or whose id it is. */
export async function findCompanies(text: string): Promise<void> {
  const query = ++latest;
  if (text.trim() === '') {
    useCompanies.setState({ matches: [], error: null });
    return;
  }
  try {
    const matches = await pos.invoke('companies.find', { text });
    if (query === latest) useCompanies.setState({ matches, error: null });
  } catch (error) {
    if (query === latest) useCompanies.setState({ error: message(error) });
  }
}

/** Names the walk-in customer (null: none); the open sale shows it at once. */
export async function setWalkInCustomer(companyId: number | null): Promise<void> {
  try {
    await saveSettings({ walkInCustomer: companyId === null ? null : { companyId } });
    useCompanies.setState({ error: null, matches: [] });
    await useApp.getState().refreshSession();
  } catch (error) {
    useCompanies.setState({ error: message(error) });
  }
}
