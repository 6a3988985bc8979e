/// The html report's style sheet: no external fonts or images; narrow screens stack the columns.
enum HTMLReportStyle {
    static let css = """
        :root { --error: #d70015; --warning: #b25000; --clean: #248a3d; --ink: #1d1d1f; --muted: #6e6e73; --line: #d2d2d7; }
        * { box-sizing: border-box; }
        body { margin: 0; padding: 16px; background: #f2f2f7; color: var(--ink);
          font: 15px/1.45 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; }
        main, body > header, body > section, body > footer { max-width: 1100px; margin: 0 auto 16px; }
        h1 { font-size: 20px; margin: 0 0 4px; }
        h2 { font-size: 18px; margin: 24px 0 8px; }
        h3 { font-size: 19px; margin: 0; overflow-wrap: anywhere; }
        h4 { font-size: 12px; margin: 0 0 6px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
        code { font: 13px/1.3 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
        a { color: #0a60c9; }
        .summary { background: #fff; border-radius: 12px; padding: 14px 16px; border-top: 6px solid var(--clean); }
        .summary.error { border-top-color: var(--error); }
        .summary.warning { border-top-color: var(--warning); }
        .counts { font-size: 18px; font-weight: 600; margin: 0; }
        .summary.error .counts { color: var(--error); }
        .summary.warning .counts { color: var(--warning); }
        .root { color: var(--muted); margin: 2px 0 8px; overflow-wrap: anywhere; font-size: 13px; }
        .overview-app { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin-top: 6px; }
        .overview-name { font-weight: 600; margin-right: 4px; }
        .chip { display: inline-block; padding: 3px 10px; border-radius: 999px; text-decoration: none; color: #fff;
          background: var(--clean); font-size: 13px; overflow-wrap: anywhere; }
        .chip.error { background: var(--error); }
        .chip.warning { background: var(--warning); }
        .legend { color: var(--muted); font-size: 12px; margin: 10px 0 0; }
        .note { font-size: 13px; margin: 4px 0 8px; padding: 6px 10px; border-left: 3px solid var(--muted); overflow-wrap: anywhere; }
        .key { display: inline-block; width: 12px; height: 12px; border-radius: 3px; vertical-align: -2px; }
        .key.missing { border: 2px dashed #8e8e93; }
        .key.flagged { border: 2px solid var(--error); }
        .icon { background: #fff; border-radius: 12px; padding: 14px 16px; margin: 12px 0; border-left: 8px solid var(--clean); }
        .icon.error { border-left-color: var(--error); }
        .icon.warning { border-left-color: var(--warning); }
        .icon-head { display: flex; flex-wrap: wrap; gap: 8px 12px; align-items: baseline; }
        .role { font-size: 12px; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); }
        .call { background: #f2f2f7; padding: 2px 6px; border-radius: 6px; overflow-wrap: anywhere; }
        .tag { font-size: 12px; font-weight: 600; padding: 2px 8px; border-radius: 999px; color: #fff; background: var(--clean); }
        .tag.error { background: var(--error); }
        .source, .note { color: var(--muted); font-size: 13px; margin: 4px 0 10px; overflow-wrap: anywhere; }
        .tiles { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }
        .column { min-width: 0; }
        .walls { display: flex; flex-wrap: wrap; gap: 6px; align-items: flex-start; }
        .wall { display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-end; padding: 10px 12px 6px; border-radius: 10px;
          position: relative; background: linear-gradient(135deg, #c8dcf5, #e9d8f2); }
        .wall.labelled { padding-top: 20px; }
        .wall-dark, .wall-tinted { background: linear-gradient(135deg, #050507, #1c1c22); color: #f2f2f7; }
        .wall-label { position: absolute; top: 3px; left: 8px; font-size: 10px; text-transform: uppercase; letter-spacing: .05em; opacity: .75; }
        .tile { margin: 0; display: flex; flex-direction: column; align-items: center; }
        .frame { position: relative; border-radius: 22.5%; flex: none; }
        .shown .frame { background: #000; }
        .frame img { display: block; width: 100%; height: 100%; border-radius: inherit; }
        .wall-tinted .shown .frame::after { content: ""; position: absolute; inset: 0; border-radius: inherit;
          background: #ffb340; mix-blend-mode: multiply; pointer-events: none; }
        .store .frame { border-radius: 4px;
          background: repeating-conic-gradient(#fff 0 25%, #c7c7cc 0 50%) 0 0 / 16px 16px; }
        .store.shown .frame { background: repeating-conic-gradient(#fff 0 25%, #c7c7cc 0 50%) 0 0 / 16px 16px; }
        .hole { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; text-align: center;
          border: 2px dashed #8e8e93; border-radius: inherit; font-size: 10px; font-weight: 600; color: #636366;
          background: rgba(255,255,255,.45); }
        .wall-dark .hole, .wall-tinted .hole { color: #d1d1d6; background: rgba(255,255,255,.08); }
        .broken .hole { border-style: solid; border-color: var(--error); color: var(--error); background: #ffe5e7; }
        .flagged .frame { outline: 3px solid var(--error); outline-offset: 2px; }
        .flagged.missing .hole { border-color: var(--error); color: var(--error); }
        .flagged-warning .frame { outline-color: var(--warning); }
        .flagged-warning.missing .hole { border-color: var(--warning); color: var(--warning); }
        .badges { position: absolute; top: -10px; right: -12px; display: flex; gap: 2px; }
        .badges a { min-width: 20px; height: 20px; padding: 0 5px; border-radius: 10px; background: var(--error); color: #fff;
          font-size: 12px; font-weight: 700; line-height: 16px; text-align: center; text-decoration: none; border: 2px solid #fff; }
        .badges a.warning { background: var(--warning); }
        figcaption { font-size: 11px; line-height: 1.25; text-align: center; margin-top: 4px; max-width: 140px; }
        figcaption span { opacity: .7; }
        figcaption .why { color: var(--error); opacity: 1; overflow-wrap: anywhere; }
        .wall-dark figcaption .why, .wall-tinted figcaption .why { color: #ff6961; }
        .findings { list-style: none; padding: 0; margin: 12px 0 0; }
        .finding { border-top: 1px solid var(--line); padding: 8px 0 6px 30px; position: relative; }
        .finding .n { position: absolute; left: 0; top: 9px; min-width: 22px; height: 22px; border-radius: 11px; background: var(--error);
          color: #fff; font-size: 12px; font-weight: 700; line-height: 22px; text-align: center; }
        .finding.warning .n { background: var(--warning); }
        .severity { font-size: 12px; font-weight: 700; text-transform: uppercase; color: var(--error); margin-right: 6px; }
        .finding.warning .severity { color: var(--warning); }
        .rule { font: 13px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
        .message { margin: 2px 0; overflow-wrap: anywhere; white-space: pre-line; }
        .where { margin: 0; color: var(--muted); font-size: 12px; overflow-wrap: anywhere; }
        .other { background: #fff; border-radius: 12px; padding: 4px 16px 10px; }
        .rules { background: #fff; border-radius: 12px; padding: 4px 16px 10px; font-size: 13px; }
        .rules dt { margin-top: 8px; font-weight: 600; }
        .rules dd { margin: 2px 0 0; color: #3a3a3c; }
        .severity-text { font-weight: 400; color: var(--muted); }
        footer { color: var(--muted); font-size: 12px; text-align: center; }
        :target { scroll-margin-top: 12px; }
        .finding:target { background: #fff4d6; }
        @media (max-width: 600px) {
          body { padding: 8px; }
          .icon, .summary, .other, .rules { padding: 12px 10px; border-radius: 10px; }
          .icon { border-left-width: 6px; }
          .tiles { gap: 8px; }
        }

        """
}
