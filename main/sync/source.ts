// What sync needs from the service: the subset of main/service's ServiceClient it calls. Typed
// against the client's zod-inferred types so ServiceClient itself is passed in; tests and the
// benchmark pass the real client too (never a stand-in).
import type {
  CompanyCard,
  CompanyRepresentative,
  FinancialReceivable,
  FinancialReceivableField,
  FinancialReceivableFilter,
  PageQuery,
  Paginated,
  ProductUnit,
  StockItem,
  StockItemField,
  StockItemFilter,
  VersionInfo,
  Warehouse,
} from '../service/index.ts';

export interface CatalogSource {
  version(signal?: AbortSignal): Promise<VersionInfo>;
  warehouses(signal?: AbortSignal): Promise<Warehouse[]>;
  stockItemPages(
    req: PageQuery<StockItemFilter, StockItemField>,
    signal?: AbortSignal,
  ): AsyncIterable<Paginated<StockItem>>;
  financialReceivablePages(
    req: PageQuery<FinancialReceivableFilter, FinancialReceivableField>,
    signal?: AbortSignal,
  ): AsyncIterable<Paginated<FinancialReceivable>>;
  productUnits(productId: number, signal?: AbortSignal): Promise<ProductUnit[]>;
  companyCards(companyId: number, signal?: AbortSignal): Promise<CompanyCard[]>;
  companyRepresentatives(signal?: AbortSignal): Promise<CompanyRepresentative[]>;
}
