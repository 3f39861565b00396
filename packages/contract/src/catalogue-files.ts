import { z } from 'zod';
import { ZId } from './ids';

/**
 * Product import and export by spreadsheet (issue 27, decision 060). The file format is CSV with
 * this header (any order, any case; `,` or `;` separated; UTF-8 with or without BOM).
 */
export const CATALOGUE_COLUMNS = [
  'sku',
  'title',
  'category',
  'unit',
  'price',
  'stock',
  'minimum_order',
  'organic',
  'harvest_date',
  'description',
  'status',
] as const;
export type TCatalogueColumn = (typeof CATALOGUE_COLUMNS)[number];

/** Limits of one import file: 2 MB of text and 5,000 product rows. */
export const CATALOGUE_IMPORT_MAX_BYTES = 2_000_000;
export const CATALOGUE_IMPORT_MAX_ROWS = 5_000;
/** Rows applied per request (one transaction each); the web posts batches one after another for its progress bar. */
export const CATALOGUE_IMPORT_BATCH_SIZE = 200;

const ZFileContent = z.object({
  fileName: z.string().max(255).optional(),
  /** The file's text (the web reads it as UTF-8). */
  content: z.string().max(CATALOGUE_IMPORT_MAX_BYTES),
});

/** POST /api/seller/catalogue/imports/preview. */
export const ZPreviewCatalogueImportRequest = ZFileContent;
export type TPreviewCatalogueImportRequest = z.infer<typeof ZPreviewCatalogueImportRequest>;

export const ZCatalogueImportCreate = z.object({
  /** The spreadsheet row number (the header is row 1). */
  line: z.number().int().positive(),
  sku: z.string().nullable(),
  title: z.string(),
  category: z.string(),
  unit: z.string(),
  priceMinor: z.number().int().nonnegative(),
  stockQuantity: z.number().int().nonnegative(),
  status: z.string(),
});

export const ZCatalogueImportChange = z.object({ field: z.string(), from: z.string(), to: z.string() });

export const ZCatalogueImportUpdate = z.object({
  line: z.number().int().positive(),
  sku: z.string(),
  productId: ZId,
  title: z.string(),
  changes: z.array(ZCatalogueImportChange),
});

export const ZCatalogueImportError = z.object({
  line: z.number().int().nonnegative(),
  /** The column's header name; null for a problem of the whole row or file. */
  column: z.string().nullable(),
  /** A sentence for the seller: "Row 14: price must be a number like 12.50". */
  message: z.string(),
});
export type TCatalogueImportError = z.infer<typeof ZCatalogueImportError>;

export const ZPreviewCatalogueImportResponse = z.object({
  /** Hash of the file's content: the confirm sends the same file and this id back. */
  previewId: z.string(),
  rowCount: z.number().int().nonnegative(),
  /** Batches the confirm takes (CATALOGUE_IMPORT_BATCH_SIZE rows each). */
  batchCount: z.number().int().nonnegative(),
  create: z.array(ZCatalogueImportCreate),
  update: z.array(ZCatalogueImportUpdate),
  unchanged: z.number().int().nonnegative(),
  errors: z.array(ZCatalogueImportError),
});
export type TPreviewCatalogueImportResponse = z.infer<typeof ZPreviewCatalogueImportResponse>;

/** POST /api/seller/catalogue/imports: applies one batch of the previewed file (rows in error never). */
export const ZApplyCatalogueImportRequest = ZFileContent.extend({
  previewId: z.string().max(128),
  /** 0-based batch number, below the preview's batchCount. */
  batch: z.number().int().min(0).max(CATALOGUE_IMPORT_MAX_ROWS),
});
export type TApplyCatalogueImportRequest = z.infer<typeof ZApplyCatalogueImportRequest>;

export const ZApplyCatalogueImportResponse = z.object({
  batch: z.number().int().nonnegative(),
  batchCount: z.number().int().nonnegative(),
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  /** Rows of this batch not applied (in error, or refused by what changed since the preview). */
  failed: z.number().int().nonnegative(),
});
export type TApplyCatalogueImportResponse = z.infer<typeof ZApplyCatalogueImportResponse>;
