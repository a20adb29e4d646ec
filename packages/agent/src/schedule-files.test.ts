import { describe, expect, it } from 'vitest';
import {
  agentCommand,
  launchdPlist,
  schtasksCreateArgs,
  systemdQuote,
  systemdService,
  systemdTimer,
  windowsQuote,
} from './schedule-files';

describe('agentCommand', () => {
  it('is the executable itself when it is a single executable', () => {
    expect(
      agentCommand(
        '/opt/castellan/castellan-agent-linux-x64',
        '/opt/castellan/castellan-agent-linux-x64',
      ),
    ).toEqual(['/opt/castellan/castellan-agent-linux-x64']);
  });

  it('is node and the script otherwise', () => {
    expect(agentCommand('/usr/bin/node', '/home/ana/castellan-agent.mjs')).toEqual([
      '/usr/bin/node',
      '/home/ana/castellan-agent.mjs',
    ]);
    expect(agentCommand('/usr/bin/nodejs', '/srv/castellan-agent.mjs')).toHaveLength(2);
    expect(agentCommand('/usr/local/bin/node20', '/srv/castellan-agent.mjs')).toHaveLength(2);
  });
});

describe('systemd units', () => {
  it('runs the agent once per activation, with its config folder', () => {
    expect(
      systemdService(
        ['/usr/bin/node', '/home/ana/My Tools/castellan-agent.mjs'],
        '/home/ana/.config/castellan-agent',
      ),
    ).toBe(
      [
        '[Unit]',
        "Description=Castellan Agent: checks this computer's security settings",
        '',
        '[Service]',
        'Type=oneshot',
        'Environment=CASTELLAN_AGENT_HOME=/home/ana/.config/castellan-agent',
        'ExecStart=/usr/bin/node "/home/ana/My Tools/castellan-agent.mjs" run',
        '',
      ].join('\n'),
    );
  });

  it('fires after boot and every 6 hours', () => {
    expect(systemdTimer()).toBe(
      [
        '[Unit]',
        'Description=Run the Castellan Agent every 6 hours',
        '',
        '[Timer]',
        'OnBootSec=5min',
        'OnCalendar=*-*-* 00/6:00:00',
        'RandomizedDelaySec=20min',
        'Persistent=true',
        '',
        '[Install]',
        'WantedBy=timers.target',
        '',
      ].join('\n'),
    );
  });

  it('quotes what systemd would otherwise split, expand or unescape', () => {
    expect(systemdQuote('/opt/agent', true)).toBe('/opt/agent');
    expect(systemdQuote('/opt/my agent', true)).toBe('"/opt/my agent"');
    expect(systemdQuote('/opt/100%', true)).toBe('/opt/100%%');
    expect(systemdQuote('/opt/$HOME', true)).toBe('/opt/$$HOME');
    expect(systemdQuote('X=/opt/$HOME', false)).toBe('X=/opt/$HOME');
    expect(systemdQuote('/opt/a "b"\\c', true)).toBe('"/opt/a \\"b\\"\\\\c"');
    expect(() => systemdQuote('/opt/a\nb', true)).toThrow('line break');
  });
});

describe('launchd agent', () => {
  it('runs the agent at load and every 6 hours, with escaped arguments', () => {
    expect(
      launchdPlist(
        ['/Users/ana/Apps & Tools/castellan-agent-macos-arm64'],
        '/Users/ana/Library/Application Support/Castellan Agent',
      ),
    ).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
        '<plist version="1.0">',
        '<dict>',
        '  <key>Label</key>',
        '  <string>com.castellan.agent</string>',
        '  <key>ProgramArguments</key>',
        '  <array>',
        '    <string>/Users/ana/Apps &amp; Tools/castellan-agent-macos-arm64</string>',
        '    <string>run</string>',
        '  </array>',
        '  <key>EnvironmentVariables</key>',
        '  <dict>',
        '    <key>CASTELLAN_AGENT_HOME</key>',
        '    <string>/Users/ana/Library/Application Support/Castellan Agent</string>',
        '  </dict>',
        '  <key>StartInterval</key>',
        '  <integer>21600</integer>',
        '  <key>RunAtLoad</key>',
        '  <true/>',
        '  <key>ProcessType</key>',
        '  <string>Background</string>',
        '</dict>',
        '</plist>',
        '',
      ].join('\n'),
    );
  });
});

describe('Windows scheduled task', () => {
  it('runs every 6 hours, paths with spaces quoted', () => {
    expect(
      schtasksCreateArgs([
        'C:\\Program Files\\nodejs\\node.exe',
        'C:\\Users\\Ana\\castellan-agent.mjs',
      ]),
    ).toEqual([
      '/Create',
      '/SC',
      'HOURLY',
      '/MO',
      '6',
      '/TN',
      'Castellan Agent',
      '/TR',
      '"C:\\Program Files\\nodejs\\node.exe" C:\\Users\\Ana\\castellan-agent.mjs run',
      '/F',
    ]);
  });

  it('refuses a command line schtasks would cut', () => {
    expect(() => schtasksCreateArgs([`C:\\${'a'.repeat(300)}\\agent.exe`])).toThrow(
      'longer than 261 characters',
    );
  });

  it('quotes words with spaces only', () => {
    expect(windowsQuote('C:\\Castellan\\castellan-agent-windows-x64.exe')).toBe(
      'C:\\Castellan\\castellan-agent-windows-x64.exe',
    );
    expect(windowsQuote('C:\\My Apps\\agent.exe')).toBe('"C:\\My Apps\\agent.exe"');
    expect(windowsQuote('C:\\R&D\\agent.exe')).toBe('"C:\\R&D\\agent.exe"');
  });
});
