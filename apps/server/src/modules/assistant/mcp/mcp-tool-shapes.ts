import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { ZAssistantOrder, ZAssistantPlace, type TAssistantToolName } from '@pulse/contract/assistant';
import { ZId } from '@pulse/contract/ids';
import { ZProductDetails, ZProductSummary, ZProductUnit } from '@pulse/contract/products';
import type { AddToBasketData, OrderStatusData, SearchProductsData } from '../assistant-tools';

/**
 * What each MCP tool answers (its outputSchema, decision 043) and how it behaves (annotations), so
 * a client can check a result and decide which calls need the person's confirmation. The schemas
 * describe the `data` runAssistantTool returns for each tool; the SDK checks every result against
 * them before it leaves the server, and the client checks it again on arrival.
 */

const ZSearchProductsOutput = z.object({
  items: z.array(ZProductSummary),
  near: ZAssistantPlace.nullable().describe('Where the search was centred (a named place or the given position), else null'),
  radiusKm: z.number().nullable(),
  unknownPlace: z.string().nullable().describe('A place name the gazetteer does not know: nothing was searched'),
});

const ZAddToBasketOutput = z.object({
  added: z.boolean(),
  message: z.string().nullable().describe('Why it was not added (stock, minimum order, unknown product), else null'),
  productId: ZId,
  title: z.string().nullable(),
  quantity: z.number(),
  unit: ZProductUnit.nullable(),
  basketItemCount: z.number().int().nullable(),
});

const ZMyOrdersOutput = z.object({ orders: z.array(ZAssistantOrder) });

const ZOrderStatusOutput = z.object({
  order: ZAssistantOrder.nullable(),
  message: z.string().nullable().describe('Why there is no order (not found among yours, none placed yet), else null'),
});

// The services' TypeScript shapes and these schemas must not drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _searchMatches: Same<z.output<typeof ZSearchProductsOutput>, SearchProductsData> = true;
const _basketMatches: Same<z.output<typeof ZAddToBasketOutput>, AddToBasketData> = true;
const _statusMatches: Same<z.output<typeof ZOrderStatusOutput>, OrderStatusData> = true;
void [_searchMatches, _basketMatches, _statusMatches];

/** Reads change nothing and can be repeated; the catalogue and orders are this server's own (closed world). */
const READ_ONLY: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

export interface McpToolShape {
  title: string;
  outputSchema: z.ZodObject;
  annotations: ToolAnnotations;
}

export const MCP_TOOL_SHAPES: Record<TAssistantToolName, McpToolShape> = {
  search_products: { title: 'Search products', outputSchema: ZSearchProductsOutput, annotations: { title: 'Search products', ...READ_ONLY } },
  get_product: { title: 'Product details', outputSchema: ZProductDetails, annotations: { title: 'Product details', ...READ_ONLY } },
  add_to_basket: {
    title: 'Add to basket',
    outputSchema: ZAddToBasketOutput,
    // Changes the basket, removes nothing; a second call adds the quantity again.
    annotations: { title: 'Add to basket', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  },
  my_orders: { title: 'My orders', outputSchema: ZMyOrdersOutput, annotations: { title: 'My orders', ...READ_ONLY } },
  order_status: { title: 'Order status', outputSchema: ZOrderStatusOutput, annotations: { title: 'Order status', ...READ_ONLY } },
};
