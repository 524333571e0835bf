"""The warm service: one ``TKGRag`` with its models loaded once, served over HTTP (``tkgrag serve``) and MCP
(``tkgrag mcp``). Imports the facade and the domain types only; nothing below imports this package."""
