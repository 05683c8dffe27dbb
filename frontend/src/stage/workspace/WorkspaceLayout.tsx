// The three panels: side by side on a desktop (the outline can be hidden), tabs below the md
// breakpoint. The text panel stays mounted on a phone so its scroll position survives a tab switch.
import { useState } from 'react';
import { Box, IconButton, Tab, Tabs, Tooltip } from '@mui/material';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import type { MobileTab } from './use-workspace-navigation';
import { WorkspacePanel } from './WorkspacePanel';

export function WorkspaceLayout({
  mobile,
  tab,
  onTab,
  characterCount,
  outline,
  viewer,
  characters,
}: {
  mobile: boolean;
  tab: MobileTab;
  onTab: (tab: MobileTab) => void;
  characterCount: number;
  outline: React.ReactNode;
  viewer: React.ReactNode;
  characters: React.ReactNode;
}) {
  const [outlineOpen, setOutlineOpen] = useState(true);
  if (mobile)
    return (
      <>
        <Tabs
          value={tab}
          onChange={(_e, v: MobileTab) => onTab(v)}
          variant="fullWidth"
          aria-label="Workspace panels"
          sx={{ minHeight: 40, borderBottom: 1, borderColor: 'divider', mt: -1 }}
        >
          <Tab value="text" label="Text" sx={{ minHeight: 40, px: 1 }} />
          <Tab value="outline" label="Outline" sx={{ minHeight: 40, px: 1 }} />
          <Tab
            value="characters"
            label={`Characters (${characterCount})`}
            sx={{ minHeight: 40, px: 1, whiteSpace: 'nowrap' }}
          />
        </Tabs>
        <Box sx={{ flexGrow: 1, minHeight: 0, display: tab === 'text' ? 'block' : 'none' }}>{viewer}</Box>
        {tab === 'outline' && (
          <WorkspacePanel title="Book Structure" mobile>
            {outline}
          </WorkspacePanel>
        )}
        {tab === 'characters' && (
          <WorkspacePanel title="Characters" mobile>
            {characters}
          </WorkspacePanel>
        )}
      </>
    );
  return (
    <Box sx={{ display: 'flex', gap: 1.5, flexGrow: 1, minHeight: 0 }}>
      {outlineOpen ? (
        <Box sx={{ width: { md: 216, lg: 248 }, flexShrink: 0, minHeight: 0 }}>
          <WorkspacePanel
            title="Book Structure"
            action={
              <Tooltip title="Hide book structure">
                <IconButton size="small" aria-label="Hide book structure" onClick={() => setOutlineOpen(false)}>
                  <MenuOpenIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            }
          >
            {outline}
          </WorkspacePanel>
        </Box>
      ) : (
        <Tooltip title="Show book structure" placement="right">
          <IconButton
            aria-label="Show book structure"
            onClick={() => setOutlineOpen(true)}
            sx={{ alignSelf: 'flex-start', border: '1px solid', borderColor: 'divider' }}
          >
            <MenuOpenIcon sx={{ transform: 'scaleX(-1)' }} />
          </IconButton>
        </Tooltip>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, minHeight: 0 }}>{viewer}</Box>
      <Box sx={{ width: { md: 264, lg: 300 }, flexShrink: 0, minHeight: 0 }}>
        <WorkspacePanel title="Characters">{characters}</WorkspacePanel>
      </Box>
    </Box>
  );
}
