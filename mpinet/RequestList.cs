using System;
using System.Collections.Generic;
using System.Threading;

namespace MPI
{
	/// <summary>A set of requests completed together: a request leaves the list when it is reported
	/// complete.</summary>
	public class RequestList
	{
		/// <summary>The requests not yet reported complete.</summary>
		protected List<Request> requests;

		/// <summary>Makes an empty list.</summary>
		public RequestList ()
		{
			requests = new List<Request> ();
		}

		/// <summary>Adds a request.</summary>
		/// <param name="request">The request.</param>
		/// <exception cref="ArgumentNullException"><paramref name="request"/> is null.</exception>
		public void Add (Request request)
		{
			if (request == null)
				throw new ArgumentNullException ("request");
			requests.Add (request);
		}

		/// <summary>Removes a request (it is not completed).</summary>
		/// <param name="request">The request.</param>
		public void Remove (Request request)
		{
			requests.Remove (request);
		}

		/// <summary>The number of requests in the list.</summary>
		public int Count {
			get { return requests.Count; }
		}

		/// <summary>Waits until some request completes, removes it from the list and returns it.</summary>
		/// <returns>The completed request.</returns>
		/// <exception cref="ArgumentException">The list is empty.</exception>
		/// <exception cref="MessageTruncatedException">A receive's message was longer than its buffer (the request
		/// stays in the list).</exception>
		public Request WaitAny ()
		{
			if (requests.Count == 0)
				throw new ArgumentException ("Cannot call MPI.RequestList.WaitAny with an empty request list");
			if (requests.Count == 1)
				return Take (requests[0], true);
			for (int spins = 0;; spins++) {
				Request r = TestAny ();
				if (r != null)
					return r;
				if (spins >= 64)
					Thread.Yield ();
			}
		}

		/// <summary>Removes and returns the first request that has completed, if any.</summary>
		/// <returns>A completed request, or null if none has completed.</returns>
		/// <exception cref="MessageTruncatedException">A receive's message was longer than its buffer.</exception>
		public Request TestAny ()
		{
			// By index over the list as it is now: a receive's action may add requests (tested in this pass if they
			// come after) or remove them; the one found is removed by reference.
			for (int i = 0; i < requests.Count; i++) {
				Request r = requests[i];
				if (r.Test () != null)
					return Take (r, false);
			}
			return null;
		}

		/// <summary>Waits until every request has completed, emptying the list.</summary>
		/// <returns>The requests, in the order they completed.</returns>
		/// <exception cref="MessageTruncatedException">A receive's message was longer than its buffer.  The list keeps
		/// every request, those that completed included (the next call returns them, and the one that raised as
		/// completed with an empty status).</exception>
		public List<Request> WaitAll ()
		{
			// As MPI.NET does: in the order the requests complete, not the list's (a request's completion, or its
			// action, may be what lets an earlier one complete).
			var result = new List<Request> ();
			try {
				for (int spins = 0; requests.Count > 0; spins++) {
					List<Request> some = TestSome ();
					if (some != null)
						result.AddRange (some);
					else if (spins >= 64)
						Thread.Yield ();
				}
			} catch {
				requests.InsertRange (0, result); // nothing lost: their Test returns the kept status again
				throw;
			}
			return result;
		}

		/// <summary>If every request has completed, empties the list and returns them; otherwise returns null and
		/// keeps them all.</summary>
		/// <returns>The completed requests, or null.</returns>
		/// <exception cref="MessageTruncatedException">A receive's message was longer than its buffer.</exception>
		public List<Request> TestAll ()
		{
			// The requests in the list when the call began; any a receive's action adds stay for the next call.
			var result = new List<Request> (requests);
			foreach (Request r in result)
				if (r.Test () == null)
					return null;
			RemoveAll (result);
			return result;
		}

		/// <summary>Waits until at least one request completes, then removes and returns every request completed by
		/// then.</summary>
		/// <returns>The completed requests (at least one), in the list's order.</returns>
		/// <exception cref="ArgumentException">The list is empty.</exception>
		/// <exception cref="MessageTruncatedException">A receive's message was longer than its buffer.  The list is
		/// left as it was, as by <see cref="TestSome"/>.</exception>
		public List<Request> WaitSome ()
		{
			if (requests.Count == 0)
				throw new ArgumentException ("Cannot call MPI.RequestList.WaitSome with an empty request list");
			for (int spins = 0;; spins++) {
				List<Request> r = TestSome ();
				if (r != null)
					return r;
				if (spins >= 64)
					Thread.Yield ();
			}
		}

		/// <summary>Removes and returns every request that has completed.</summary>
		/// <returns>The completed requests, in the list's order, or null if none has.</returns>
		/// <exception cref="MessageTruncatedException">A receive's message was longer than its buffer.  The list is
		/// left as it was: the next call returns the requests that had completed (and the one that raised, as
		/// completed with an empty status).</exception>
		public List<Request> TestSome ()
		{
			// Tests every request first and changes the list only once all tests are done: a request that raises
			// leaves the list as it was, and the next call returns the completed ones again (a completed request's
			// Test returns its status again).  The completed ones then leave together, in one pass.
			// The requests tested are those in the list when the call began: a receive's action may add requests
			// (left for the next call) or remove them.
			List<Request> result = null;
			foreach (Request r in requests.ToArray ())
				if (r.Test () != null) {
					if (result == null)
						result = new List<Request> ();
					result.Add (r);
				}
			if (result != null)
				RemoveAll (result);
			return result;
		}

		Request Take (Request r, bool wait)
		{
			if (wait)
				r.Wait ();
			int at = requests.FindIndex (x => ReferenceEquals (x, r));
			if (at >= 0) // an action may have removed it
				requests.RemoveAt (at);
			return r;
		}

		// Removes `done` from the list, in one pass, keeping the order of the rest.
		void RemoveAll (List<Request> done)
		{
			var gone = new HashSet<Request> (done, ByReference.Instance);
			requests.RemoveAll (x => gone.Contains (x));
		}

		sealed class ByReference : IEqualityComparer<Request>
		{
			internal static readonly ByReference Instance = new ByReference ();

			public bool Equals (Request a, Request b)
			{
				return ReferenceEquals (a, b);
			}

			public int GetHashCode (Request r)
			{
				return System.Runtime.CompilerServices.RuntimeHelpers.GetHashCode (r);
			}
		}
	}
}
