// MPI.NET's requests over System.MP's.  A System.MP request keeps Motor's guarantees: its buffer is pinned only
// while MPI uses it, and a request the program drops is completed by the garbage collector's hook, so nothing
// leaks.  These wrappers add MPI.NET's result: the CompletedStatus (cached, so a second Wait returns it again),
// the received value, and the completion action.
using System;
using System.MP;

namespace MPI
{
	/// <summary>A non-blocking operation in flight.</summary>
	public abstract class Request
	{
		internal readonly System.MP.Request req;
		System.MP.Status st;
		CompletedStatus cached;

		internal Request (System.MP.Request req)
		{
			this.req = req;
		}

		/// <summary>For a request of the program's own (a composite of others, say): it overrides <see cref="Wait"/>,
		/// <see cref="Test"/> and <see cref="Cancel"/>, and a <see cref="RequestList"/> completes it through
		/// them.</summary>
		protected Request ()
		{
		}

		/// <summary>Waits until the operation completes.</summary>
		/// <returns>Its status (the same object on every later call).</returns>
		/// <exception cref="MessageTruncatedException">The message was longer than the receive buffer.</exception>
		/// <exception cref="System.Runtime.Serialization.SerializationException">A received object could not be
		/// rebuilt.</exception>
		/// <exception cref="System.MP.MPIException">The MPI library reported an error.</exception>
		public abstract CompletedStatus Wait ();

		/// <summary>Completes the operation if it has finished, without waiting.</summary>
		/// <returns>Its status if it has completed, else null.</returns>
		/// <exception cref="MessageTruncatedException">The message was longer than the receive buffer.</exception>
		/// <exception cref="System.Runtime.Serialization.SerializationException">A received object could not be
		/// rebuilt.</exception>
		/// <exception cref="System.MP.MPIException">The MPI library reported an error.</exception>
		public abstract CompletedStatus Test ();

		/// <summary>Cancels a receive that has not matched a message; Wait then returns a status whose Cancelled is
		/// true.  Does nothing once the operation has completed.</summary>
		/// <exception cref="NotSupportedException">The request is a send: Motor never cancels sends (MPI-4 deprecates
		/// it, and the transports cannot withdraw a message).</exception>
		public abstract void Cancel ();

		internal CompletedStatus Complete (bool wait)
		{
			if (cached != null)
				return cached;
			if (req == null) // a program's own subclass, which overrides Wait and Test
				throw new InvalidOperationException ("this request was not started by MPI.dll");
			if (st == null)
				st = new System.MP.Status ();
			try {
				if (wait)
					req.Wait (st);
				else if (!req.Test (st))
					return null;
			} catch (MPIException e) {
				throw Wire.Translate (e);
			}
			cached = Finish (st);
			// Once the status is kept: an action that throws runs once, and a later Wait returns the status.
			Deliver ();
			return cached;
		}

		internal void CancelRequest ()
		{
			if (cached == null)
				req.Cancel ();
		}

		/// <summary>The operation has completed with <paramref name="status"/>: the subclass's result.</summary>
		internal virtual CompletedStatus Finish (System.MP.Status status)
		{
			throw new InvalidOperationException ("this request was not started by MPI.dll"); // Complete refuses first
		}

		// Runs the completion action, if any, after Finish's status has been kept.
		internal virtual void Deliver ()
		{
		}
	}

	/// <summary>A non-blocking receive: <see cref="GetValue"/> gives what arrived.</summary>
	public abstract class ReceiveRequest : Request
	{
		internal ReceiveRequest (System.MP.Request req) : base (req) { }

		/// <summary>For a receive request of the program's own: it overrides <see cref="GetValue"/> too.</summary>
		protected ReceiveRequest ()
		{
		}

		/// <summary>The value received: the value (ImmediateReceive of one value) or the array (of an array).  Waits
		/// for the receive to complete first, as <see cref="Request.Wait"/> does.</summary>
		/// <returns>The received value; default for a receive that was cancelled.</returns>
		/// <exception cref="MessageTruncatedException">The message was longer than the buffer.</exception>
		public abstract object GetValue ();
	}

	sealed class SendRequest : Request
	{
		readonly int count;

		internal SendRequest (System.MP.Request req, int count) : base (req)
		{
			this.count = count;
		}

		public override CompletedStatus Wait () { return Complete (true); }
		public override CompletedStatus Test () { return Complete (false); }
		public override void Cancel () { CancelRequest (); }

		internal override CompletedStatus Finish (System.MP.Status status)
		{
			return new CompletedStatus (status, count);
		}
	}

	sealed class ValueReceiveRequest<T> : ReceiveRequest
	{
		readonly T[] buf;
		readonly Action<T> action;
		bool done;

		internal ValueReceiveRequest (System.MP.Request req, T[] buf, Action<T> action) : base (req)
		{
			this.buf = buf;
			this.action = action;
		}

		public override CompletedStatus Wait () { return Complete (true); }
		public override CompletedStatus Test () { return Complete (false); }
		public override void Cancel () { CancelRequest (); }
		public override object GetValue ()
		{
			Wait ();
			return done ? (object) buf[0] : default (T);
		}

		internal override CompletedStatus Finish (System.MP.Status status)
		{
			done = !status.Is_cancelled ();
			return new CompletedStatus (status, done ? 1 : 0);
		}

		internal override void Deliver ()
		{
			if (done && action != null)
				action (buf[0]);
		}
	}

	sealed class ArrayReceiveRequest<T> : ReceiveRequest
	{
		readonly T[] values;

		internal ArrayReceiveRequest (System.MP.Request req, T[] values) : base (req)
		{
			this.values = values;
		}

		public override CompletedStatus Wait () { return Complete (true); }
		public override CompletedStatus Test () { return Complete (false); }
		public override void Cancel () { CancelRequest (); }
		public override object GetValue ()
		{
			Wait ();
			return values;
		}

		internal override CompletedStatus Finish (System.MP.Status status)
		{
			return new CompletedStatus (status, status.Is_cancelled () ? 0 : status.Get_count (typeof (T)));
		}
	}

	// A serialised receive (System.MP's ORequest).  With a target array (ImmediateReceive<T>(..., T[] values),
	// T here being the array type) the received elements are copied into it.
	sealed class ObjectReceiveRequest<T> : ReceiveRequest
	{
		readonly Action<T> action;
		readonly Array target;
		object value;
		T received;
		bool delivered;

		internal ObjectReceiveRequest (ORequest req, Action<T> action, Array target) : base (req)
		{
			this.action = action;
			this.target = target;
		}

		public override CompletedStatus Wait () { return Complete (true); }
		public override CompletedStatus Test () { return Complete (false); }
		public override void Cancel () { CancelRequest (); }
		public override object GetValue ()
		{
			Wait ();
			return value;
		}

		internal override CompletedStatus Finish (System.MP.Status status)
		{
			if (status.Is_cancelled ())
				return new CompletedStatus (status, 0);
			T v = Wire.As<T> (((ORequest) req).Object, "ImmediateReceive");
			int count = 1;
			if (target != null) {
				var a = (Array) (object) v;
				count = a == null ? 0 : a.Length;
				if (count > target.Length)
					throw new MessageTruncatedException ("ImmediateReceive: the message holds " + count +
						" elements but the array holds " + target.Length + ": pass a larger array");
				if (count > 0)
					Array.Copy (a, target, count);
				value = target;
			} else {
				value = v;
			}
			received = v;
			delivered = true;
			return new CompletedStatus (status, count);
		}

		internal override void Deliver ()
		{
			if (delivered && action != null)
				action (received);
		}
	}
}
