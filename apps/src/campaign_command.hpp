// `ramus campaign`: the runs [first, end) of a Monte Carlo campaign (ramus/scenario/campaign.hpp)
// on a pool of threads, and under mpirun on
// the ranks of the MPI job (rank r runs r, r + K, …; rank 0 gathers and writes the summary). Each run writes
// <DIR>/run_<id>.csv; the summary (<DIR>/summary.csv, or summary_<first>-<end>.csv for a part of a campaign) lists per
// run, in run-id order, the drawn parameters and the final values of the summary quantities, and statistics.csv their
// mean, standard deviation, minimum and maximum. The files do not depend on the number of threads.
#pragma once

#include "campaign_results.hpp"
#include "options.hpp"

namespace ramus::app {

/// Runs this process's share of the runs (all of them in a group of one); rank 0 writes the
/// summary. Returns the exit status: 0, or 1 on rank 0 when a run failed (the others still run
/// and are summarized).
int run_campaign(const Options& options, const ProcessGroup& group);

}  // namespace ramus::app
