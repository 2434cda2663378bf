import type { PasswordOwner, StrengthEstimate } from '../../domain/account/password.js';
import { passwordProblem, personalWords } from '../../domain/account/password.js';

/*
 * zxcvbn-ts with its common and French dictionaries, loaded on first use (the CLIs and a server
 * that never sees a password do not pay for them). The browser never downloads them: the server's
 * answer carries the French message.
 */
type Estimator = (password: string, userInputs: string[]) => Promise<StrengthEstimate>;
let estimator: Promise<Estimator> | null = null;

function load(): Promise<Estimator> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, fr] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-fr'),
    ]);
    const zxcvbn = new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...fr.dictionary },
      graphs: common.adjacencyGraphs,
      translations: fr.translations,
    });
    return async (password, userInputs) => {
      const result = await zxcvbn.checkAsync(password, userInputs);
      return { score: result.score, warning: result.feedback.warning ?? null };
    };
  })();
  return estimator;
}

/** The French reason the password is refused for this person, or null. */
export async function checkPassword(password: string, owner: PasswordOwner): Promise<string | null> {
  const estimate = await (await load())(password, personalWords(owner));
  return passwordProblem(password, owner, estimate);
}
