// A vitest reporter (npm test adds it): per project, its files, tests and seconds, for the phase table of
// scripts/lib/phases.mjs. Projects run side by side in one vitest run, so a project's seconds are the span from
// its first file's start to its last file's end; the spans overlap, and the "vitest" row is the whole run. Each row says where its span lies in the run, so
// the time before, between and after the projects shows.
import { recordPhase } from "./phases.mjs";

export default class ProjectTimes {
  projects = new Map();

  /** When the reporter was made: the run's start, before any project's runtime starts. */
  started = performance.now();

  onTestModuleStart(module) {
    const project = this.project(module.project.name);
    project.start = Math.min(project.start, performance.now());
  }

  onTestModuleEnd(module) {
    const project = this.project(module.project.name);
    project.end = Math.max(project.end, performance.now());
    project.files++;
    if (module.state() === "failed") project.failedFiles++;
    for (const test of module.children.allTests()) {
      project.tests++;
      if (test.result().state === "failed") project.failedTests++;
    }
  }

  onTestRunEnd() {
    const at = (ms) => ((ms - this.started) / 1000).toFixed(0);
    for (const [name, p] of [...this.projects].sort((a, b) => a[1].start - b[1].start)) {
      const failed = p.failedFiles ? `, ${p.failedTests} tests in ${p.failedFiles} files FAILED` : "";
      const span = `from ${at(p.start)} to ${at(p.end)} s of the run`;
      recordPhase(`vitest ${name}`, (p.end - p.start) / 1000, `${p.files} files, ${p.tests} tests${failed}, ${span}`);
    }
  }

  project(name) {
    if (!this.projects.has(name))
      this.projects.set(name, { start: Infinity, end: 0, files: 0, tests: 0, failedFiles: 0, failedTests: 0 });
    return this.projects.get(name);
  }
}
