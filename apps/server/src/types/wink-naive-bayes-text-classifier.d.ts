/** Types for wink-naive-bayes-text-classifier (the package ships none): the part the NLU uses. */
declare module 'wink-naive-bayes-text-classifier' {
  interface NaiveBayesTextClassifier {
    defineConfig(config: { considerOnlyPresence?: boolean; smoothingFactor?: number }): boolean;
    definePrepTasks(tasks: Array<(input: unknown) => unknown>): number;
    learn(input: string | string[], label: string): boolean;
    consolidate(): boolean;
    computeOdds(input: string | string[]): Array<[string, number]>;
    predict(input: string | string[]): string;
  }
  function naiveBayesTextClassifier(): NaiveBayesTextClassifier;
  export default naiveBayesTextClassifier;
}
