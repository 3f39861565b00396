import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance } from 'fastify';
import { ASSISTANT_TOOLS, type TAssistantBlock, type TAssistantToolName } from '@pulse/contract/assistant';
import type { UserRow } from '../../../db/schema/users';
import { DomainError } from '../../../errors/domain-errors';
import { runAssistantTool } from '../assistant-tools';
import { MCP_TOOL_SHAPES } from './mcp-tool-shapes';

/**
 * The Pulse Assistant's typed tools served over the Model Context Protocol (issue 14 §5), so a
 * person's own AI assistant (Claude Desktop, the MCP Inspector, any MCP client) can shop here as
 * them: the same tools, zod schemas and services as the built-in engine and the model client,
 * each call run as the signed-in user through runAssistantTool.
 */

export const MCP_SERVER_INFO = { name: 'pulse-market', version: '1.0.0' } as const;

/** The tools MCP offers (all of ASSISTANT_TOOLS today). */
export const MCP_TOOL_NAMES = Object.keys(ASSISTANT_TOOLS) as TAssistantToolName[];

function plainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function textResult(text: string, isError: boolean): CallToolResult {
  return { content: [{ type: 'text', text }], ...(isError ? { isError: true } : {}) };
}

function toolResult(data: unknown, blocks: TAssistantBlock[]): CallToolResult {
  const signIn = blocks.find((block) => block.type === 'sign_in');
  if (signIn && (data === undefined || data === null)) return textResult(signIn.text, true);
  // Every tool answers an object (its outputSchema); the JSON round trip makes it exactly what
  // travels (dates as ISO strings), so the SDK checks the schema against what the client gets.
  const json: unknown = JSON.parse(JSON.stringify(data ?? null));
  if (!plainObject(json)) throw new Error('An MCP tool answered something other than an object.');
  return {
    // The same result as text, for clients that do not read structured content (MCP 2025-06-18).
    content: [{ type: 'text', text: JSON.stringify(json) }],
    structuredContent: json,
  };
}

/**
 * A new MCP server for one request (stateless Streamable HTTP): its tools run as `caller`.
 * Refusals the API would give (not found, invalid input) come back as tool errors with their
 * message; anything unexpected is logged and answered with a generic tool error.
 */
export function createPulseMcpServer(app: FastifyInstance, caller: UserRow): McpServer {
  const currency = app.config.currency;
  const server = new McpServer(MCP_SERVER_INFO, {
    instructions:
      `Pulse Market: fresh farm produce. These tools act as the signed-in user (${caller.username}) and only ever return that user's own basket and orders. ` +
      `Prices and totals are integer minor units (cents) of ${currency}. Tool results are the only facts: do not invent products, prices or order states.`,
  });

  for (const name of MCP_TOOL_NAMES) {
    const tool = ASSISTANT_TOOLS[name];
    const shape = MCP_TOOL_SHAPES[name];
    const config = { title: shape.title, description: tool.description, inputSchema: tool.input, outputSchema: shape.outputSchema, annotations: shape.annotations };
    server.registerTool(name, config, async (input: unknown) => {
      try {
        const result = await runAssistantTool(app, caller, name, input);
        return toolResult(result.data, result.blocks);
      } catch (error) {
        if (error instanceof DomainError) return textResult(error.message, true);
        app.log.error({ err: error, tool: name }, 'MCP tool failed');
        return textResult('The tool failed on the server. Please try again later.', true);
      }
    });
  }
  return server;
}
