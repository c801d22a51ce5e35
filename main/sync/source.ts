// What sync needs from the service: the subset of main/service's ServiceClient it calls. Typed
// against the client's zod-inferred types so ServiceClient itself is passed in; tests and the
// benchmark pass the real client too (never a stand-in).
import type {
  ArrayAnswer,
  KeyAnswerOptions,
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
  /** The largest answer body the source reads (per-key fan-outs share it: per-key.ts). */
  readonly maxResponseBytes: number;
  productUnitsAnswer(productId: number, options: KeyAnswerOptions): Promise<ArrayAnswer<ProductUnit>>;
  companyCardsAnswer(companyId: number, options: KeyAnswerOptions): Promise<ArrayAnswer<CompanyCard>>;
  companyRepresentatives(signal?: AbortSignal): Promise<CompanyRepresentative[]>;
}
