/** Placeholder shell; the comparison page replaces it. */
export function App() {
  return (
    <main className="container py-4">
      <h1 className="h3">PromptPair</h1>
    </main>
  );
}
