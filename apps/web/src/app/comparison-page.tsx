import { RUN_CONTROL_TEXTS, type Side } from '@promptpair/contract';
import { useImperativeHandle, useState, type Ref } from 'react';
import { Button, Col, Row } from 'react-bootstrap';
import { preloadMarkdown } from '../components/answer/answer-text.tsx';
import { SpinnerButton } from '../components/ui/spinner-button.tsx';
import { useComparisonRun } from '../features/comparison/hooks/use-comparison-run.ts';
import { useComparisonSettings } from '../features/comparison/hooks/use-comparison-settings.ts';
import { useDownloadOutput } from '../features/comparison/hooks/use-download-output.ts';
import { useModelPickers } from '../features/comparison/hooks/use-model-list.ts';
import { useSession } from '../features/comparison/hooks/use-session.ts';
import { useServicePickers } from '../features/comparison/hooks/use-service-pickers.ts';
import { buildComparisonRequest, type SentRequest } from '../features/comparison/logic/build-request.ts';
import { runSettings, type RunSettings } from '../features/comparison/logic/run-settings.ts';
import { currentForm, isSpecPair, PAGE_SIDES } from '../features/comparison/logic/side-settings.ts';
import { SideColumn } from '../features/comparison/components/side-column.tsx';
import { PromptActions } from '../features/comparison/components/prompt-actions.tsx';
import { PromptField } from '../features/comparison/components/prompt-field.tsx';
import { RememberKeysField } from '../features/comparison/components/remember-keys-field.tsx';
import { ResultsSection } from '../features/comparison/components/results-section.tsx';
import { Conversation } from '../features/comparison/components/lazy-conversation.tsx';
import { ConversationAhead, ConversationPlace } from '../features/comparison/components/conversation-place.tsx';
import { BlindModeToggle } from '../features/blind/components/blind-mode-toggle.tsx';
import { ScoreboardPanel } from '../features/blind/components/scoreboard-panel.tsx';
import { BlindResults } from '../features/blind/components/lazy-blind-results.tsx';
import { useBlindMode } from '../features/blind/hooks/use-blind-mode.ts';
import { useBlindRun } from '../features/blind/hooks/use-blind-run.ts';
import { DemoBanner, FreePromptsIndicator } from '../features/comparison/components/session-status.tsx';

/** What the app can do to the page from outside, e.g. after the subscription dialog saved keys. */
export interface ComparisonPageHandle {
  setApiKeys: (keys: Partial<Record<Side, string>>) => void;
  /** The settings a prompt would be sent with now, the pair on the page included; prompt-list runs take them at upload time. */
  currentSettings: () => Promise<RunSettings>;
}

export interface ComparisonPageProps {
  onUploadPromptList: () => void;
  onDownloadOutput: () => void;
  ref?: Ref<ComparisonPageHandle>;
}

/** Route `/` (docs/product.md §2): one prompt, two services, two answers. */
export function ComparisonPage({ onUploadPromptList, onDownloadOutput, ref }: ComparisonPageProps) {
  const { settings, setRememberKeys, setApiKeys, setSideForm, updateSettings } = useComparisonSettings();
  const { session, refresh } = useSession();
  const download = useDownloadOutput();
  const run = useComparisonRun({ onSuccess: download.recordSuccess, onSettled: refresh });
  const { offers, notices: modelNotices } = useModelPickers(settings, setSideForm);
  const { services, notices: serviceNotices } = useServicePickers(settings, updateSettings);
  useImperativeHandle(ref, () => ({ setApiKeys, currentSettings: () => runSettings(settings, services) }), [setApiKeys, settings, services]);
  const specPair = isSpecPair(settings);
  // The spec panels' model notices belong to the side showing that panel.
  const specModelNotice = { a: settings.sides.a.kind === 'openai' ? modelNotices.a : undefined, b: settings.sides.b.kind === 'google' ? modelNotices.b : undefined };
  const [prompt, setPrompt] = useState('');
  const blindMode = useBlindMode();
  const [votesCast, setVotesCast] = useState(0);
  const blindRun = useBlindRun({ onSuccess: download.recordSuccess, onSettled: refresh, onVoted: () => setVotesCast((count) => count + 1) });
  // Which kind of comparison the results area shows: the one last sent.
  const [shown, setShown] = useState<'plain' | 'blind'>('plain');
  // Each side's key goes with its service: a key counts when its side's panel shows it.
  const ownKey = PAGE_SIDES.some((side) => currentForm(settings, side).apiKey.trim() !== '');

  const send = (request: SentRequest, titles?: Record<Side, string>) => {
    if (request.prompt.trim() !== '') setShown(blindMode.on ? 'blind' : 'plain');
    // Blind comparisons do not stream (docs/decisions.md, "Blind mode").
    if (blindMode.on) void blindRun.submit(request);
    else {
      preloadMarkdown();
      void run.submit(request, titles);
    }
  };
  // The spec's pair sends the spec's body as it always has; any other pair loads its builder first.
  const submit = () => {
    if (specPair) send(buildComparisonRequest(prompt, settings));
    else
      void import('../features/comparison/logic/pair-request.ts').then(({ buildPairRequest, sentTitles }) => {
        const request = buildPairRequest(prompt, settings, services);
        send(request, sentTitles(request, services));
      });
  };

  return (
    <div className="container py-4">
      <header className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <div>
          <h1 className="h3 mb-1">PromptPair</h1>
          <p className="text-body-secondary mb-0">Send one prompt to ChatGPT and Gemini side by side and compare the answers.</p>
        </div>
        <FreePromptsIndicator session={session} />
      </header>
      <DemoBanner session={session} />
      <form
        noValidate
        aria-label="Comparison"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <PromptField value={prompt} onChange={setPrompt} onSubmitShortcut={submit} />
        <PromptActions
          onUploadPromptList={onUploadPromptList}
          onDownloadOutput={onDownloadOutput}
          downloadEnabled={download.enabled}
        />
        <Row className="g-3 align-items-start">
          {PAGE_SIDES.map((side) => (
            <Col lg={6} key={side}>
              <SideColumn
                side={side}
                settings={settings}
                services={services}
                offers={offers}
                serviceNotice={serviceNotices[side]}
                modelNotice={specModelNotice[side]}
                specPair={specPair}
                updateSettings={updateSettings}
                setSideForm={setSideForm}
              />
            </Col>
          ))}
        </Row>
        <RememberKeysField checked={settings.rememberKeys} onChange={setRememberKeys} />
        <BlindModeToggle on={blindMode.on} onChange={blindMode.set} />
        <ScoreboardPanel version={votesCast} />
        <div className="d-flex flex-wrap align-items-center gap-2">
          <SpinnerButton type="submit" size="lg" busy={run.inFlight || blindRun.inFlight}>
            {RUN_CONTROL_TEXTS.submit}
          </SpinnerButton>
          {run.inFlight && (
            <Button variant="outline-danger" size="lg" onClick={run.stop} aria-keyshortcuts="Escape" title={RUN_CONTROL_TEXTS.stopTooltip}>
              {RUN_CONTROL_TEXTS.stop}
            </Button>
          )}
        </div>
        <span role="status" className="visually-hidden">
          {run.inFlight ? RUN_CONTROL_TEXTS.waitingBothStoppable : blindRun.inFlight ? RUN_CONTROL_TEXTS.waitingBoth : ''}
        </span>
      </form>
      {shown === 'blind' ? (
        <BlindResults run={blindRun} ownKey={ownKey} />
      ) : (
        <>
          <ResultsSection run={run.run} ownKey={ownKey} />
          {/* A first comparison that began a conversation goes on below it; a new one from the prompt begins another. */}
          <ConversationPlace awaiting={run.inFlight || run.run?.conversation !== undefined}>
            {run.run?.conversation && !run.inFlight ? (
              <Conversation key={run.run.conversation.id} first={run.run} settings={settings} ownKey={ownKey} onSettled={refresh} />
            ) : (
              <ConversationAhead />
            )}
          </ConversationPlace>
        </>
      )}
    </div>
  );
}
