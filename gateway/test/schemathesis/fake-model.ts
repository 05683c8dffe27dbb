// The api tier's language model (issue 18): the test kit's fake OpenAI-compatible server in a process
// of its own, answering each structured request valid for its schema, so character analysis and the
// second opinion answer 2xx and no 502 comes from a model. Prints its base URL, then serves until killed.
import { startFakeOpenAi, type ChatRequest, type FakeStep } from '@castbook/test-kit';

function answer(body: ChatRequest): FakeStep {
  const user = body.messages.find((m) => m.role === 'user')?.content ?? '';
  switch (body.response_format?.json_schema?.name) {
    case 'speaker_second_opinion': {
      // Each quote gets its first candidate: "Q1: C1 Anne (0.40), C2 Barlow (0.30)".
      const lines = user.split('Quotations and their candidate speakers:\n')[1]?.trim().split('\n') ?? [];
      const answers = lines.map((l) => {
        const [quote, options = ''] = l.split(': ');
        return { quote, speaker: options.split(' ')[0] || null, confidence: 0.8 };
      });
      return { content: { answers } };
    }
    case 'passage_notes':
      return { content: { observations: ['Speaks briefly.'], relationships: [] } };
    default:
      return {
        content: {
          summary: 'A fuzzed character.',
          personality: 'Brief.',
          arc: 'None shown.',
          relationships: [],
          motivation: 'Unknown.',
          voiceDirection: { age: '', accent: '', register: '', pace: '' },
          speechHabits: [],
        },
      };
  }
}

const fake = await startFakeOpenAi();
fake.script(answer);
process.stdout.write(`${fake.baseURL}\n`);
// Requests are not kept: the fuzzer sends thousands.
setInterval(() => (fake.requests.length = 0), 10_000).unref();
process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
