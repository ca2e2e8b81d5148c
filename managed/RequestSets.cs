// Request, continued: Testany, Testsome and Get_status -- completions that never wait.
//
// Each tests a request without consuming it first (Peek: the runtime completes the operation and keeps the
// result in the Request), so that only the requests these calls report are consumed, as MPI specifies.
using System.Collections.Generic;
using System.Threading;

namespace System.MP
{
	public partial class Request
	{
		/// <summary>Completes one request of <paramref name="requests"/> that has completed, if any, without waiting
		/// (MPI_Testany).</summary>
		/// <param name="requests">The requests; null entries and inactive requests (completed and reported, freed, or
		/// persistent requests not started) are skipped, as MPI skips null and inactive requests.</param>
		/// <param name="status">Filled for the completed request as by <see cref="Wait(Status)"/>; with MPI's empty
		/// status when no request is active; untouched when none has completed.  May be null.</param>
		/// <returns>The index of the request completed by this call; <see cref="MPI.UNDEFINED"/> when none has
		/// completed or none is active (as MPI's index; the status tells the two apart).</returns>
		/// <exception cref="ArgumentNullException"><paramref name="requests"/> is null.</exception>
		/// <exception cref="MPIException">The completed operation failed in the MPI library (MPI_ERR_TRUNCATE for a
		/// receive whose message was longer than its buffer); the request is reported and inactive
		/// afterwards.</exception>
		/// <exception cref="System.Runtime.Serialization.SerializationException">For an <see cref="ORequest"/>: the
		/// object message could not be rebuilt.</exception>
		/// <exception cref="InvalidOperationException">Another thread is completing one of the requests at this
		/// moment; or MPI has been finalized.</exception>
		public static int Testany (Request[] requests, Status status)
		{
			if (requests == null)
				throw new ArgumentNullException ("requests");
			bool anyActive;
			int i = FirstDone (requests, status, "Testany", false, out anyActive);
			if (i >= 0)
				return i;
			if (!anyActive && status != null)
				status.data = EmptyStatus;
			return MPI.UNDEFINED;
		}

		/// <summary>Completes every request of <paramref name="requests"/> that has completed, without waiting
		/// (MPI_Testsome), and returns their indices.</summary>
		/// <param name="requests">The requests; null entries and inactive requests are skipped.</param>
		/// <param name="statuses">Filled in the order of the returned indices (entry k for the k-th index); may be
		/// null or shorter than the result.</param>
		/// <returns>The indices of the requests completed by this call, in increasing order (empty when none has
		/// completed yet); null when no request is active (MPI's outcount MPI_UNDEFINED).</returns>
		/// <exception cref="ArgumentNullException"><paramref name="requests"/> is null.</exception>
		/// <exception cref="MPIException">A completed operation failed in the MPI library (MPI_ERR_TRUNCATE for a
		/// receive whose message was longer than its buffer).  A failed operation is reported alone: a call that finds
		/// it after other completions returns those, and the next call raises for it, so no completion is lost to the
		/// exception.</exception>
		/// <exception cref="System.Runtime.Serialization.SerializationException">For an <see cref="ORequest"/>: the
		/// object message could not be rebuilt.</exception>
		/// <exception cref="InvalidOperationException">Another thread is completing one of the requests at this
		/// moment; or MPI has been finalized.</exception>
		public static int[] Testsome (Request[] requests, Status[] statuses)
		{
			if (requests == null)
				throw new ArgumentNullException ("requests");
			var done = new List<int> ();
			if (!CollectDone (requests, done))
				return null;
			Report (requests, done, 0, statuses, "Testsome");
			return done.ToArray ();
		}

		/// <summary>Adds to <paramref name="done"/> the index of each active request not listed there yet that has
		/// completed, tested without reporting it; returns whether any was active.  It stops before a request
		/// whose operation failed, unless <paramref name="done"/> is still empty (then it adds that one and stops
		/// after it): a failure is reported alone, so the exception never hides completions the same call
		/// reported.</summary>
		static bool CollectDone (Request[] requests, List<int> done)
		{
			if (!ORequest.BeginSweep ())
				return CollectDoneOf (requests, done);
			try {
				return CollectDoneOf (requests, done);
			} finally {
				ORequest.EndSweep ();
			}
		}

		static bool CollectDoneOf (Request[] requests, List<int> done)
		{
			bool anyActive = false;
			for (int i = 0; i < requests.Length; i++) {
				var r = requests[i];
				if (r == null || !r.Active)
					continue;
				anyActive = true;
				if ((Volatile.Read (ref r.done) == 0 && !r.Peek ()) || Listed (requests, done, r))
					continue;
				if (r.rc != 0) {
					if (done.Count == 0)
						done.Add (i);
					break;
				}
				done.Add (i);
			}
			return anyActive;
		}

		/// <summary>Whether <paramref name="r"/> is among the requests <paramref name="done"/> lists (the same request
		/// twice in the array is reported once).</summary>
		static bool Listed (Request[] requests, List<int> done, Request r)
		{
			foreach (int k in done)
				if (ReferenceEquals (requests[k], r))
					return true;
			return false;
		}

		/// <summary>Reports the completions <see cref="CollectDone"/> found, from entry <paramref name="from"/> of
		/// <paramref name="done"/> on, each with the status of the same position.</summary>
		static void Report (Request[] requests, List<int> done, int from, Status[] statuses, string op)
		{
			for (int k = from; k < done.Count; k++) {
				bool f;
				requests[done[k]].Complete (true, statuses != null && k < statuses.Length ? statuses[k] : null, out f, op);
			}
		}

		/// <summary>Whether the operation has completed, without reporting it (MPI_Request_get_status): the request
		/// stays as it is, and a later Wait or Test reports the completion (and raises its error, if any) as
		/// usual.</summary>
		/// <param name="status">Filled when the result is true: the operation's status (its error, if it failed, in
		/// <see cref="Status.Get_error"/>), or MPI's empty status for an inactive request.  May be null.</param>
		/// <returns>True if the operation has completed or the request is inactive; false if it is still in
		/// flight.</returns>
		/// <exception cref="InvalidOperationException">Another thread is completing the request at this moment; or
		/// MPI has been finalized.</exception>
		public bool Get_status (Status status)
		{
			if (!Active) {
				if (status != null)
					status.data = EmptyStatus;
				return true;
			}
			if (Volatile.Read (ref done) == 0 && !Peek ()) {
				ORequest.Poll ();
				return false;
			}
			if (status != null) {
				status.data = result;
				if (rc != 0 && status.data.error == 0)
					status.data.error = rc;
			}
			return true;
		}
	}
}
