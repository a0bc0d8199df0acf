export type { AnswerFacts, AnswerIdentity, FrontError, FrontReadContext, FrontStream, GatewayFront, GatewayFrontName } from './gateway-front.js';
export { openAiChatFront, openAiErrorType } from './openai-chat-front.js';
export { ollamaChatFront } from './ollama-chat-front.js';
export * from './anthropic-messages/index.js';
export * from './openai-responses/index.js';
